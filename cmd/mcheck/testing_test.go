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
	const dir = "testdata/tmodel"
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
	names := []string{"TestShortSkips", "TestVerbose", "TestContext", "TestContextInCleanup", "TestSetenv",
		"TestEnvPerExecution", "TestSetenvParallel", "TestTempDir", "TestCleanupOrder", "TestNoDeadline", "TestStdin",
		"TestOutputAttrArtifact", "TestParallelCleanup", "TestStackOfTestRunner"}
	code := run(dir, []string{"test", "-executions", "30", "-short", "-v", "-run", "^(" + strings.Join(names, "|") + ")$", "."}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, name := range names {
		if !strings.Contains(out.String(), "=== "+name+" (") {
			t.Errorf("%s did not run:\n%s", name, out.String())
		}
	}
	if n := strings.Count(out.String(), "no bug"); n != len(names) {
		t.Errorf("%d tests clean, want %d:\n%s", n, len(names), out.String())
	}
	if _, ok := os.LookupEnv("MCHECK_TMODEL_KEY"); ok {
		t.Error("t.Setenv changed the host's environment")
	}

	out.Reset()
	code = run(dir, []string{"test", "-executions", "5", "-run", "^(TestShortSkips|TestVerbose)$", "."}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "ran although -short") ||
		!strings.Contains(out.String(), "testing.Verbose() is false") {
		t.Errorf("without -short and -v: exit %d\n%s", code, out.String())
	}

	// Parallel subtests run after the test function returned (its
	// defers too), at the same time as each other.
	out.Reset()
	code = run(dir, []string{"test", "-run", "^TestParallel(Defer|Race)$", "."}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "mcheck: test failed: tmodel_test.go:") || !strings.Contains(out.String(), "query on a closed DB") ||
		!strings.Contains(out.String(), "mcheck: data race: ") {
		t.Errorf("parallel subtests: exit %d\n%s", code, out.String())
	}

	out.Reset()
	code = run(dir, []string{"test", "-run", "^TestTempDirLeak$", "."}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "global deadlock") {
		t.Errorf("TestTempDirLeak: exit %d\n%s", code, out.String())
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary directories left behind: %v", left)
	}
}

// TestTestCommandStatus: 0 nothing found, 1 a bug, 2 mcheck could not
// run (a package that does not load, an option it cannot read), each
// refusal with its reason on stderr.
func TestTestCommandStatus(t *testing.T) {
	t.Parallel()
	const dir = "testdata/tmodel"
	var out, errb bytes.Buffer
	if code := run(dir, []string{"test", "-run", "^TestOwnOption$", "."}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "mcheck: TestOwnOption: ") || !strings.Contains(errb.String(), "mcheck test cannot read the option github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/tmodel.own: it is not one of package mcheck's") {
		t.Errorf("own option: exit %d\n%s%s", code, out.String(), errb.String())
	}
	errb.Reset()
	if code := run(dir, []string{"test", "-run", "^TestChdir$", "."}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "unsupported: t.Chdir") {
		t.Errorf("t.Chdir: exit %d\n%s%s", code, out.String(), errb.String())
	}
	errb.Reset()
	if code := run(dir, []string{"test", "./nosuchdir"}, &out, &errb); code != 2 || errb.Len() == 0 {
		t.Errorf("no package: exit %d\n%s", code, errb.String())
	}
	errb.Reset()
	if code := run(dir, []string{"test", "-run", "(", "."}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "mcheck: -run: ") {
		t.Errorf("bad -run: exit %d\n%s", code, errb.String())
	}
}
