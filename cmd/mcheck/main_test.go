package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDemo(t *testing.T) {
	root, _ := filepath.Abs("../..")
	t.Chdir(root)
	var out, errb bytes.Buffer
	if code := run([]string{"demo"}, &out, &errb); code != 0 {
		t.Fatalf("demo exit %d: %s\n%s", code, errb.String(), out.String())
	}
	for _, want := range []string{
		"sum of squares 1..100: 338350",
		"fatal error: all goroutines are asleep - deadlock!",
		"goroutine 1 [chan receive]:",
		"worker woke after 2h",
		"elapsed: 2h0m0s",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("demo output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bad\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { var x int = \"s\" }\n"), 0o644)
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := run([]string{"run", "."}, &out, &errb)
	if code != 3 || !strings.Contains(errb.String(), "main.go:3") || !strings.Contains(errb.String(), "cannot use") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if code := run([]string{"bogus"}, &out, &errb); code != 2 {
		t.Fatalf("unknown command: exit %d", code)
	}
}
