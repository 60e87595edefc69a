package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestTestingModel: under mcheck test, the testing package answers as
// go test does (testing.Short and Verbose from -short and -v, t.Context,
// t.Setenv per execution, t.TempDir removed after, cleanups in order,
// no deadline) and standard input is empty, whatever the host's is.
func TestTestingModel(t *testing.T) {
	t.Chdir("testdata/tmodel")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// A host stdin with data that never ends: reading it would block.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	w.WriteString("secret\n")
	defer w.Close()
	defer r.Close()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()

	var out, errb bytes.Buffer
	code := run([]string{"test", "-executions", "30", "-short", "-v", "-run", "^Test[^T]|^TestTempDir$", "."}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, name := range []string{"TestShortSkips", "TestVerbose", "TestContext", "TestContextInCleanup", "TestSetenv",
		"TestEnvPerExecution", "TestSetenvParallel", "TestTempDir", "TestCleanupOrder", "TestNoDeadline", "TestStdin"} {
		if !strings.Contains(out.String(), "=== "+name+" (") {
			t.Errorf("%s did not run:\n%s", name, out.String())
		}
	}
	if n := strings.Count(out.String(), "no bug"); n != 11 {
		t.Errorf("%d tests clean, want 11:\n%s", n, out.String())
	}
	if _, ok := os.LookupEnv("MCHECK_TMODEL_KEY"); ok {
		t.Error("t.Setenv changed the host's environment")
	}

	out.Reset()
	code = run([]string{"test", "-executions", "5", "-run", "^(TestShortSkips|TestVerbose)$", "."}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "tmodel_test.go:21: ran although -short") ||
		!strings.Contains(out.String(), "testing.Verbose() is false") {
		t.Errorf("without -short and -v: exit %d\n%s", code, out.String())
	}

	out.Reset()
	code = run([]string{"test", "-run", "^TestTempDirLeak$", "."}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "global deadlock") {
		t.Errorf("TestTempDirLeak: exit %d\n%s", code, out.String())
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary directories left behind: %v", left)
	}
}
