package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemo: demo runs from any directory.
func TestDemo(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := run(t.TempDir(), []string{"demo"}, &out, &errb); code != 0 {
		t.Fatalf("demo exit %d: %s\n%s", code, errb.String(), out.String())
	}
	for _, want := range []string{
		"sum of squares 1..100: 338350",
		"fatal error: all goroutines are asleep - deadlock!",
		"goroutine 1 [chan receive]:",
		"worker woke after 2h",
		"elapsed: 2h0m0s",
		"balances: 110 90", // lockorder's one run finishes...
		"mcheck: global deadlock: all goroutines are asleep - deadlock!\n  goroutine 1 [sync.WaitGroup.Wait]", // ...exploring finds the deadlock
		"replay: mcheck explore -replay=main.",
		"no bug",
		"== mcheck.Component(t, orderprocessor.New)", // component mode finds the lock-order deadlock
		"[sync.Mutex.Lock]: orderprocessor.go:",
		"environment: g2: ",
		"replay: mcheck.Component(t, New, mcheck.Replay(\"checkBuggy.",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("demo output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bad\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { var x int = \"s\" }\n"), 0o644)
	var out, errb bytes.Buffer
	code := run(dir, []string{"run", "."}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "main.go:3") || !strings.Contains(errb.String(), "cannot use") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if code := run(dir, []string{"bogus"}, &out, &errb); code != 2 {
		t.Fatalf("unknown command: exit %d", code)
	}
}

// TestRunArgs: mcheck run passes the arguments after the package to the
// program as os.Args[1:], which its flag.Parse reads.
func TestRunArgs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module args\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"flag"
	"fmt"
)

func main() {
	n := flag.Int("n", 1, "count")
	flag.Parse()
	fmt.Println(*n, flag.Args())
}
`), 0o644)
	var out, errb bytes.Buffer
	if code := run(dir, []string{"run", ".", "-n", "3", "x", "y"}, &out, &errb); code != 0 || out.String() != "3 [x y]\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// TestTestCommand: mcheck test explores unmodified tests, including ones
// that call mcheck.Run, and follows go vet's exit statuses.
func TestTestCommand(t *testing.T) {
	t.Parallel()
	const bank = "../../gotest/testdata/bank"
	var out, errb bytes.Buffer
	if code := run(bank, []string{"test", "-run", "^TestLeak$", "-seed", "2", "."}, &out, &errb); code != 1 {
		t.Fatalf("TestLeak: exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"=== TestLeak", "mcheck: partial deadlock", "replay: mcheck test -run '^TestLeak$' -replay=TestLeak."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run(bank, []string{"test", "-run", "^TestTransferFixed$", "-strategy", "dfs", "."}, &out, &errb); code != 0 {
		t.Fatalf("TestTransferFixed: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "mcheck: explored all") {
		t.Errorf("fixed twin:\n%s", out.String())
	}
	errb.Reset()
	if code := run(bank, []string{"test", "-run", "NoSuchTest", "."}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no test matches") {
		t.Fatalf("missing test: exit %d, %s", code, errb.String())
	}
}

// TestExploreCommand: a bug found is exit status 1 with a report, a clean
// exhaustive search is 0.
func TestExploreCommand(t *testing.T) {
	t.Parallel()
	const sched = "../../sched/testdata"
	var out, errb bytes.Buffer
	if code := run(sched, []string{"explore", "./lockorder"}, &out, &errb); code != 1 || !strings.Contains(out.String(), "mcheck: global deadlock") {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(sched, []string{"explore", "-trace=full", "./lockorder"}, &out, &errb); code != 1 {
		t.Fatalf("-trace=full: exit %d\n%s%s", code, out.String(), errb.String())
	}
	_, path, ok := strings.Cut(out.String(), "full trace: ")
	path, _, _ = strings.Cut(path, "\n")
	full, err := os.ReadFile(path)
	if !ok || err != nil || !strings.Contains(string(full), "Mutex.Lock") {
		t.Fatalf("-trace=full: trace file %q (%v):\n%s\nreport:\n%s", path, err, full, out.String())
	}
	os.Remove(path)
	out.Reset()
	if code := run(sched, []string{"explore", "-trace=bogus", "./lockorder"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-trace=bogus: want full") {
		t.Fatalf("-trace=bogus: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(sched, []string{"explore", "-strategy", "dfs", "./lockorder_fixed"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "explored all") {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// TestTestTags: mcheck test -tags selects the files go test -tags would.
func TestTestTags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":      "module tagged\n\ngo 1.26\n",
		"on.go":       "//go:build special\n\npackage tagged\n\nfunc flavour() string { return \"special\" }\n",
		"off.go":      "//go:build !special\n\npackage tagged\n\nfunc flavour() string { return \"plain\" }\n",
		"tag_test.go": "package tagged\n\nimport \"testing\"\n\nfunc TestFlavour(t *testing.T) {\n\tif f := flavour(); f != \"special\" {\n\t\tt.Fatalf(\"flavour %s\", f)\n\t}\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if code := run(dir, []string{"test", "-tags", "special", "."}, &out, &errb); code != 0 {
		t.Fatalf("-tags special: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(dir, []string{"test", "."}, &out, &errb); code != 1 || !strings.Contains(out.String(), "flavour plain") {
		t.Fatalf("no tags: exit %d\n%s%s", code, out.String(), errb.String())
	}
}
