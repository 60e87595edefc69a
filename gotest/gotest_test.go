package gotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// goTest runs go test on the fixture package with args and returns its
// output and whether it passed.
func goTest(t *testing.T, args ...string) (string, bool) {
	t.Helper()
	return goTestIn(t, "./testdata/bank", args...)
}

func goTestIn(t *testing.T, pkg string, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"test", "-count=1", pkg}, args...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// TestRunEndToEnd runs mcheck.Run inside a real go test: the bug is found
// and reported with a replay command, the replay reproduces it, the
// schedule is saved and replayed first next time, the fixed twin passes
// exhaustively, and a goroutine leak is reported.
func TestRunEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	corpus := filepath.Join("testdata", "bank", "testdata")
	t.Cleanup(func() { os.RemoveAll(corpus) })

	out, ok := goTest(t, "-run", "^TestTransfer$", "-mcheck.seed=3")
	if ok {
		t.Fatalf("the deadlock was not found:\n%s", out)
	}
	for _, want := range []string{
		"mcheck: global deadlock: all goroutines are asleep - deadlock!",
		"[sync.Mutex.Lock]: bank.go:",
		"bank_test.go:",
		"replay: go test -run '^TestTransfer$' -mcheck.replay=v1.",
		"saved: testdata/mcheck/TestTransfer/",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	token := regexp.MustCompile(`-mcheck.replay=(v1\.[A-Za-z0-9_-]+)`).FindStringSubmatch(out)
	if token == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	replayed, ok := goTest(t, "-run", "^TestTransfer$", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(replayed, "mcheck: global deadlock") {
		t.Fatalf("replay did not reproduce the deadlock:\n%s", replayed)
	}
	// The saved schedule is replayed first, even with a tiny budget.
	again, ok := goTest(t, "-run", "^TestTransfer$", "-mcheck.executions=1", "-mcheck.seed=99")
	if ok || !strings.Contains(again, "(saved in testdata/mcheck/TestTransfer)") {
		t.Fatalf("the saved failure was not replayed first:\n%s", again)
	}

	fixed, ok := goTest(t, "-run", "^TestTransferFixed$", "-v")
	if !ok || !strings.Contains(fixed, "mcheck: explored all") {
		t.Fatalf("the fixed twin:\n%s", fixed)
	}

	fatal, ok := goTest(t, "-run", "^TestFatal$")
	if ok || !strings.Contains(fatal, "mcheck: test failed: bank_test.go:") || !strings.Contains(fatal, "boom\n") ||
		!strings.Contains(fatal, "cleanup ran") {
		t.Fatalf("t.Fatal in the body:\n%s", fatal)
	}

	leak, ok := goTest(t, "-run", "^TestLeak$")
	if ok || !strings.Contains(leak, "mcheck: partial deadlock: 1 goroutine(s) blocked forever after the test returned") ||
		!strings.Contains(leak, "[chan send]: bank_test.go:") {
		t.Fatalf("the leak:\n%s", leak)
	}
}

// TestBudgetEndToEnd: zero and negative budgets, from options or flags,
// fail the test with an mcheck error and run nothing; a time budget
// alone runs until the time is spent. And an interpreted test sees the
// flags go test was given: -v, -short, the deadline of -timeout.
func TestBudgetEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	out, ok := goTest(t, "-run", "^(TestBadBudget|TestTestingFlags)$", "-short", "-timeout=0")
	for _, want := range []string{
		"mcheck: mcheck.Budget 0s: a time budget must be positive",
		"mcheck.Executions -1: an execution budget must be positive",
		"testing.Verbose() = false, testing.Short() = true",
		"t.Deadline() = 0001-01-01 00:00:00 +0000 UTC, false",
	} {
		if ok || !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, ok = goTest(t, "-run", "^TestLeak$", "-mcheck.budget=-1s")
	if ok || !strings.Contains(out, "mcheck: -mcheck.budget -1s: a time budget must be positive") || strings.Contains(out, "partial deadlock") {
		t.Errorf("flag:\n%s", out)
	}
	// The fixed twin under random search: nothing ends it but the time.
	out, ok = goTest(t, "-run", "^(TestTransferFixed|TestTestingFlags)$", "-mcheck.strategy=random", "-mcheck.budget=2s", "-v")
	m := regexp.MustCompile(`mcheck: (\d+) executions \(random\) in ([0-9.]+m?s)`).FindStringSubmatch(out)
	if !ok || m == nil {
		t.Fatalf("time budget, -v:\n%s", out)
	}
	if d, err := time.ParseDuration(m[2]); err != nil || d < 2*time.Second {
		t.Errorf("a 2s budget stopped after %s (%s executions):\n%s", m[2], m[1], out)
	}
}
