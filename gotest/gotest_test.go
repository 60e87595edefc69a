package gotest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// The fixtures run under a real go test, in a copy of their own (a
// module that replaces mcheck with this checkout): saved failures go to
// the copy, never into the source tree.

// fixture copies the fixture packages bank and cache into a module of
// their own and returns its directory.
func fixture(t *testing.T) string {
	t.Helper()
	return tempModule(t, nil, "gotest/testdata/bank", "internal/component/testdata/cache")
}

// tempModule is checktest.TempModule, skipped under -short: the tests
// that use it build and run test binaries.
func tempModule(t *testing.T, files map[string]string, dirs ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	mod := checktest.TempModule(t, files, dirs...)
	key := strings.Join(dirs, ",")
	for _, name := range slices.Sorted(maps.Keys(files)) {
		key += "," + name + "=" + files[name]
	}
	builtMu.Lock()
	fixtures[mod] = key
	builtMu.Unlock()
	return mod
}

// goTest runs the tests of package pkg of module mod as go test would
// with args, and returns the output and whether they passed. The package's
// test binary is built once per module (go test -c) and run in the
// package's directory, the go test flags given as the binary's (-run as
// -test.run, ...) after go test's own -test.paniconexit0 and
// -test.timeout, its output dropped when it passed without -v, and the
// "ok"/"FAIL" line go test prints after it: a go
// test command costs about a second of checking what to rebuild, and
// these tests make dozens. With -json, go test itself runs (it converts
// the output).
func goTest(t *testing.T, mod, pkg string, args ...string) (string, bool) {
	t.Helper()
	if slices.Contains(args, "-json") {
		cmd := exec.Command("go", append([]string{"test", "-count=1", "./" + pkg}, args...)...)
		cmd.Dir = mod
		out, err := cmd.CombinedOutput()
		return string(out), err == nil
	}
	bin := testBinary(t, mod, pkg)
	flags := []string{"-test.paniconexit0", "-test.timeout=10m0s"} // as go test passes them
	verbose := false
	for _, a := range args {
		verbose = verbose || a == "-v"
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && goTestFlags[name] {
			a = "-test." + strings.TrimLeft(a, "-")
		}
		flags = append(flags, a)
	}
	cmd := exec.Command(bin, flags...)
	cmd.Dir = filepath.Join(mod, pkg)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, exited := err.(*exec.ExitError); !exited {
			t.Fatalf("running %s: %v", bin, err)
		}
		return string(out) + "FAIL\tfixture/" + pkg + "\n", false
	}
	if !verbose {
		out = nil // go test shows a passing package's output only with -v
	}
	return string(out) + "ok  \tfixture/" + pkg + "\n", true
}

// goTestFlags are the go test flags the fixtures' tests pass, which the
// test binary takes with the "test." prefix.
var goTestFlags = map[string]bool{"run": true, "skip": true, "v": true, "short": true, "timeout": true, "count": true}

// testBinary builds the test binary of package pkg of module mod, once
// for all the copies of the same fixture (the tests' modules differ only
// in what their runs write; linking a binary costs a second or two).
func testBinary(t *testing.T, mod, pkg string) string {
	t.Helper()
	builtMu.Lock()
	defer builtMu.Unlock()
	key := fixtures[mod] + " " + pkg
	if bin, ok := built[key]; ok {
		return bin
	}
	if binDir == "" {
		dir, err := os.MkdirTemp("", "gotest-bin")
		if err != nil {
			t.Fatal(err)
		}
		binDir = dir
	}
	bin := filepath.Join(binDir, fmt.Sprintf("%d.%s.test", len(built), pkg))
	cmd := exec.Command("go", "test", "-c", "-o", bin, "./"+pkg)
	cmd.Dir = mod
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -c ./%s: %v\n%s", pkg, err, out)
	}
	built[key] = bin
	return bin
}

var (
	builtMu  sync.Mutex
	fixtures = map[string]string{} // the contents of each module tempModule made, by directory
	built    = map[string]string{} // test binaries by fixture contents and package
	binDir   string                // where they are, removed by TestMain
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// TestRunEndToEnd runs mcheck.Run inside a real go test: the bug is found
// and reported with a replay command, and in the -mcheck.json file; the
// replay reproduces it, the schedule is saved and replayed first next
// time, the fixed twin passes exhaustively, and a goroutine leak is
// reported.
func TestRunEndToEnd(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	path := filepath.Join(t.TempDir(), "report.json")
	out, ok := goTest(t, mod, "bank", "-run", "^(TestTransfer|TestTransferFixed)$", "-mcheck.seed=3", "-v", "-mcheck.json="+path)
	if ok {
		t.Fatalf("the deadlock was not found:\n%s", out)
	}
	if !strings.Contains(out, "mcheck: explored all") {
		t.Errorf("the fixed twin:\n%s", out)
	}
	checkJSON(t, path)
	for _, want := range []string{
		"mcheck: global deadlock: all goroutines are asleep - deadlock!",
		"[sync.Mutex.Lock]: bank.go:",
		"bank_test.go:",
		"replay: go test -run '^TestTransfer$' -mcheck.replay=TestTransfer.",
		"saved: testdata/mcheck/TestTransfer/",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	token := regexp.MustCompile(`-mcheck.replay=(TestTransfer\.[0-9a-f]{6}\.v1\.[A-Za-z0-9_-]+)`).FindStringSubmatch(out)
	if token == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	replayed, ok := goTest(t, mod, "bank", "-run", "^TestTransfer$", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(replayed, "mcheck: global deadlock") {
		t.Fatalf("replay did not reproduce the deadlock:\n%s", replayed)
	}
	// The saved schedule is replayed first, even with a tiny budget.
	again, ok := goTest(t, mod, "bank", "-run", "^TestTransfer$", "-mcheck.executions=1", "-mcheck.seed=99")
	if ok || !strings.Contains(again, "(saved in testdata/mcheck/TestTransfer)") {
		t.Fatalf("the saved failure was not replayed first:\n%s", again)
	}

	fatal, ok := goTest(t, mod, "bank", "-run", "^TestFatal$")
	if ok || !strings.Contains(fatal, "mcheck: test failed: bank_test.go:") || !strings.Contains(fatal, "boom\n") ||
		!strings.Contains(fatal, "cleanup ran") {
		t.Fatalf("t.Fatal in the body:\n%s", fatal)
	}

	leak, ok := goTest(t, mod, "bank", "-run", "^TestLeak$")
	if ok || !strings.Contains(leak, "mcheck: partial deadlock: 1 goroutine(s) blocked forever after the test returned") ||
		!strings.Contains(leak, "[chan send]: bank_test.go:") {
		t.Fatalf("the leak:\n%s", leak)
	}

	// mcheck.Check returns the report instead of failing the test.
	rep, ok := goTest(t, mod, "bank", "-run", "^TestCheckReport$", "-v")
	if !ok || !strings.Contains(rep, "mcheck.Check: global deadlock after") {
		t.Fatalf("mcheck.Check:\n%s", rep)
	}
}

// TestReplayTokens: a token is for its own test. Given to another test it
// is refused, saying whose it is; without -run it replays its own test
// and leaves the others to run as usual; a token for no test of the
// package fails the checks, saying nothing is replayed; text that is no token is
// refused as such, never blamed on the program.
func TestReplayTokens(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	out, _ := goTest(t, mod, "bank", "-run", "^TestTransfer$", "-mcheck.seed=3")
	token := regexp.MustCompile(`-mcheck.replay=(TestTransfer\.\S+)`).FindStringSubmatch(out)
	if token == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	out, ok := goTest(t, mod, "bank", "-run", "^TestTransferFixed$", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(out, "mcheck: the replay token TestTransfer.") || !strings.Contains(out, "is for the test TestTransfer, not TestTransferFixed") ||
		strings.Contains(out, "nondeterminism") {
		t.Errorf("a token of another test:\n%s", out)
	}
	out, ok = goTest(t, mod, "bank", "-skip", "^(TestLeak|TestFatal|TestBadBudget|TestTestingFlags|TestCheckReport)$", "-v", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(out, "--- FAIL: TestTransfer ") || !strings.Contains(out, "mcheck: global deadlock") ||
		!strings.Contains(out, "--- PASS: TestTransferFixed") || !strings.Contains(out, "explored all") {
		t.Errorf("a token for the whole suite:\n%s", out)
	}
	// A token for no test of the package, without -run: each check
	// says that nothing is replayed, instead of passing.
	_, sched, _ := strings.Cut(token[1], ".v1.")
	for tok, want := range map[string]string{
		check.ID{Pkg: "fixture/other", Test: "TestTransfer"}.Token("v1." + sched): "is for the test TestTransfer of another package than fixture/bank",
		check.ID{Pkg: "fixture/bank", Test: "TestGone"}.Token("v1." + sched):      "is for the test TestGone of fixture/bank, and no _test.go file here declares it",
	} {
		out, ok = goTest(t, mod, "bank", "-skip", "^(TestLeak|TestFatal|TestBadBudget|TestTestingFlags|TestCheckReport)$", "-v", "-mcheck.replay="+tok)
		if ok || !strings.Contains(out, "--- FAIL: TestTransferFixed") || !strings.Contains(out, "mcheck: nothing is replayed: the replay token") || !strings.Contains(out, want) {
			t.Errorf("a token for no test of the package:\n%s", out)
		}
	}
	for _, bad := range []string{"v2.garbage", "TestTransfer.123.v1.AQ"} {
		out, ok = goTest(t, mod, "bank", "-run", "^TestTransfer$", "-mcheck.replay="+bad)
		if ok || !strings.Contains(out, "is not a replay token of mcheck") || strings.Contains(out, "nondeterminism") {
			t.Errorf("-mcheck.replay=%s:\n%s", bad, out)
		}
	}
}

// checkJSON checks the -mcheck.json file of TestTransfer and
// TestTransferFixed: one JSON object per check, with the documented
// fields, that parses back.
func checkJSON(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	reps := map[string]check.Report{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r check.Report
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		reps[r.Test] = r
	}
	bug, clean := reps["TestTransfer"], reps["TestTransferFixed"]
	if bug.Outcome != "bug" || bug.Kind != "global deadlock" || bug.Package != "fixture/bank" || !strings.HasPrefix(bug.Token, "TestTransfer.") ||
		!strings.Contains(bug.Replay, "-mcheck.replay="+bug.Token) || len(bug.Goroutines) != 3 || !slices.Equal(bug.Locations, []string{"bank_test.go:18", "bank.go:16"}) || bug.Figures.Executions == 0 || bug.Text == "" || !strings.HasPrefix(bug.Saved, "testdata/mcheck/TestTransfer/") {
		t.Errorf("TestTransfer: %+v", bug)
	}
	if clean.Outcome != "clean" || !clean.Figures.Exhausted || clean.Figures.Strategy != "dfs" || clean.Token != "" {
		t.Errorf("TestTransferFixed: %+v", clean)
	}
}

// TestAttrs: go test -json carries each check's facts as attr events
// (testing.T.Attr): the verdict, the replay token of a failure, the
// executions and the inconclusive ones; for mcheck.Run, failing and
// clean, and for mcheck.Check, which does not fail the test. The
// failure's first line is its headline, "file:line: mcheck: KIND: ...".
func TestAttrs(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	out, ok := goTest(t, mod, "bank", "-json", "-run", "^(TestTransfer|TestTransferFixed|TestCheckReport)$", "-mcheck.seed=3")
	if ok {
		t.Fatalf("the deadlock was not found:\n%s", out)
	}
	type event struct{ Action, Test, Key, Value, Output string }
	attrs := map[string]map[string]string{}
	var firstLine string
	for line := range strings.Lines(out) {
		var e event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			continue // go build's lines
		}
		switch {
		case e.Action == "attr":
			if attrs[e.Test] == nil {
				attrs[e.Test] = map[string]string{}
			}
			attrs[e.Test][e.Key] = e.Value
		case e.Action == "output" && e.Test == "TestTransfer" && firstLine == "" && strings.HasPrefix(e.Output, "    "):
			firstLine = strings.TrimSpace(e.Output)
		}
	}
	bug, clean, checked := attrs["TestTransfer"], attrs["TestTransferFixed"], attrs["TestCheckReport"]
	if bug["mcheck.verdict"] != "global deadlock" || !strings.HasPrefix(bug["mcheck.token"], "TestTransfer.") ||
		bug["mcheck.executions"] == "" || bug["mcheck.executions"] == "0" || bug["mcheck.inconclusive"] != "0" {
		t.Errorf("TestTransfer's attrs: %v\n%s", bug, out)
	}
	if clean["mcheck.verdict"] != "clean" || clean["mcheck.token"] != "" || clean["mcheck.executions"] == "" || clean["mcheck.inconclusive"] != "0" {
		t.Errorf("TestTransferFixed's attrs: %v", clean)
	}
	if checked["mcheck.verdict"] != "global deadlock" || !strings.HasPrefix(checked["mcheck.token"], "TestCheckReport.") {
		t.Errorf("TestCheckReport's attrs: %v", checked)
	}
	if !regexp.MustCompile(`^bank_test\.go:\d+: mcheck: global deadlock: all goroutines are asleep - deadlock!$`).MatchString(firstLine) {
		t.Errorf("the failure's first line: %q", firstLine)
	}
}

// TestSometimes: mcheck.Sometimes passes when its condition holds in
// some schedule; fails, naming the site, its message and the executions
// explored, when it holds in none or is reached in none; and leaves a
// bug found to be reported as before.
func TestSometimes(t *testing.T) {
	t.Parallel()
	mod := tempModule(t, nil, "gotest/testdata/sometimes")
	out, ok := goTest(t, mod, "sometimes", "-run", "^TestEitherWins$", "-v")
	if !ok || !strings.Contains(out, "--- PASS: TestEitherWins") {
		t.Errorf("TestEitherWins:\n%s", out)
	}
	out, ok = goTest(t, mod, "sometimes", "-run", "^TestNobodyThird$", "-json")
	if ok {
		t.Fatalf("TestNobodyThird passed:\n%s", out)
	}
	text := testOutput(jsonOutput(t, out), "TestNobodyThird")
	for _, want := range []string{
		`sometimes_test.go:22: mcheck: sometimes never held: sometimes_test.go:24: "a third goroutine wins": the condition was false in all 5 schedules (dfs; reached 5 times)` + "\n",
		"sometimes_test.go:26: mcheck.Sometimes was reached in no execution\n",
		"mcheck: explored all 5 schedules (dfs), no bug; 7 ordering pairs covered",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("TestNobodyThird's report lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(out, `"Key":"mcheck.verdict","Value":"sometimes never held"`) {
		t.Errorf("TestNobodyThird's verdict attr:\n%s", out)
	}
	out, ok = goTest(t, mod, "sometimes", "-run", "^TestLeakFirst$")
	if ok || !strings.Contains(out, "mcheck: partial deadlock: 1 goroutine(s) blocked forever after the test returned") || strings.Contains(out, "sometimes never held") {
		t.Errorf("TestLeakFirst:\n%s", out)
	}
}

// TestProgramOutput: what the explored program prints (stdout, stderr,
// the log package, with the virtual clock's time) is each execution's
// own: a clean check prints nothing of it, with -v the last execution's
// six lines; a failure shows its execution's output, and a loud one its
// last 40 lines after a line that says what was cut.
func TestProgramOutput(t *testing.T) {
	t.Parallel()
	mod := tempModule(t, nil, "gotest/testdata/chatty")
	block := func(out, title string) []string {
		_, after, ok := strings.Cut(out, title+":\n")
		if !ok {
			return nil
		}
		var lines []string
		for l := range strings.Lines(after) {
			if !strings.HasPrefix(l, "          ") { // go test's 8 and the block's 2
				break
			}
			lines = append(lines, strings.TrimSpace(l))
		}
		return lines
	}
	out, ok := goTest(t, mod, "chatty", "-run", "^TestClean$")
	if !ok || strings.Contains(out, "inc") || strings.Count(out, "\n") != 1 {
		t.Errorf("TestClean without -v printed more than go test's line:\n%s", out)
	}
	out, ok = goTest(t, mod, "chatty", "-run", "^TestClean$", "-v")
	got := block(out, "output of the last execution")
	slices.Sort(got)
	want := []string{"2026/01/01 00:00:00 log: inc 1", "2026/01/01 00:00:00 log: inc 2", "stderr: inc 1", "stderr: inc 2", "stdout: inc 1", "stdout: inc 2"}
	if !ok || !slices.Equal(got, want) || strings.Count(out, "inc ") != 6 {
		t.Errorf("TestClean -v: the last execution's output is %q, want %q:\n%s", got, want, out)
	}
	out, ok = goTest(t, mod, "chatty", "-run", "^TestRacy$")
	got = block(out, "program output")
	if ok || !slices.Equal(got, []string{"stdout: racy inc 1", "2026/01/01 00:00:00 log: racy inc 1"}) || strings.Count(out, "racy inc") != 2 {
		t.Errorf("TestRacy: the failing execution's output is %q:\n%s", got, out)
	}
	out, ok = goTest(t, mod, "chatty", "-run", "^TestLoud$")
	got = block(out, "program output")
	if ok || len(got) != 41 || got[0] != "[60 earlier lines cut: the last 40 lines follow]" || got[1] != "line 60" || got[40] != "line 99" {
		t.Errorf("TestLoud: the failing execution's output is %q:\n%s", got, out)
	}
}

// jsonOutput returns the text of the output events of go test -json's
// output out.
func jsonOutput(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(out) {
		var e struct{ Action, Output string }
		if json.Unmarshal([]byte(line), &e) == nil && e.Action == "output" {
			b.WriteString(e.Output)
		}
	}
	return b.String()
}

// TestBudgetEndToEnd: zero and negative budgets, from options or flags,
// fail the test with an mcheck error and run nothing; a time budget
// alone runs until the time is spent. And an interpreted test sees the
// flags go test was given: -v, -short, the deadline of -timeout.
func TestBudgetEndToEnd(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	out, ok := goTest(t, mod, "bank", "-run", "^(TestBadBudget|TestTestingFlags)$", "-short", "-timeout=0")
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
	out, ok = goTest(t, mod, "bank", "-run", "^TestLeak$", "-mcheck.budget=-1s")
	if ok || !strings.Contains(out, "mcheck: -mcheck.budget -1s: a time budget must be positive") || strings.Contains(out, "partial deadlock") {
		t.Errorf("flag:\n%s", out)
	}
	// The fixed twin under random search: nothing ends it but the time.
	out, ok = goTest(t, mod, "bank", "-run", "^(TestTransferFixed|TestTestingFlags)$", "-mcheck.strategy=random", "-mcheck.budget=1s", "-v")
	m := regexp.MustCompile(`mcheck: (\d+) executions \(random\) in ([0-9.]+m?s)`).FindStringSubmatch(out)
	if !ok || m == nil {
		t.Fatalf("time budget, -v:\n%s", out)
	}
	if d, err := time.ParseDuration(m[2]); err != nil || d < time.Second {
		t.Errorf("a 1s budget stopped after %s (%s executions):\n%s", m[2], m[1], out)
	}
}

// TestComponentEndToEnd runs mcheck.Component inside a real go test on
// the fixture cache: the race of the buggy cache is found with its
// environment and replayed from its token, the fixed twin passes, and
// bad input gets clear messages.
func TestComponentEndToEnd(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	out, ok := goTest(t, mod, "cache", "-run", "^TestCache$", "-mcheck.seed=7", "-mcheck.executions=5000", "-v")
	if ok {
		t.Fatalf("the race was not found:\n%s", out)
	}
	for _, want := range []string{
		"mcheck: data race:",
		"cache.go:58",
		"environment: g",
		"Len()",
		"replay: go test -run '^TestCache$' -mcheck.replay=TestCache.",
		"saved: testdata/mcheck/TestCache/",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	tok := regexp.MustCompile(`mcheck\.replay=(TestCache\.[0-9a-f]{6}\.e1\.\S+)`).FindStringSubmatch(out)
	if tok == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	os.RemoveAll(filepath.Join(mod, "cache", "testdata"))
	replayed, ok := goTest(t, mod, "cache", "-run", "^TestCache$", "-mcheck.replay="+tok[1])
	if ok || !strings.Contains(replayed, "mcheck: data race:") || !strings.Contains(replayed, "environment: "+envLine(out)) {
		t.Errorf("the token did not replay the race in the same environment:\n%s\nwant environment %q", replayed, envLine(out))
	}

	out, ok = goTest(t, mod, "cache", "-run", "^(TestCacheFixed|TestStore|TestValues|TestOwnOption)$", "-mcheck.executions=300", "-v")
	if !ok {
		t.Errorf("the fixed twin, the interface with an error, the picky component with good values and an option of the test's own fail:\n%s", out)
	}
	if !strings.Contains(out, "NewFixed: ") || !strings.Contains(out, ", no bug") {
		t.Errorf("no summary:\n%s", out)
	}

	out, _ = goTest(t, mod, "cache", "-run", "^(TestPicky|TestNothing|TestNotAFunc|TestTwoResults)$", "-mcheck.seed=1", "-mcheck.executions=600", "-v")
	for _, want := range []string{
		`mcheck: not drawn, as the calls fail with these arguments alone and after every call that returns alone (give the values to draw with mcheck.Values): Set(-1), Set(math.MinInt)`,
		"NewPicky: ",
		"NewNothing: *cache.Nothing has no exported methods to call",
		"mcheck.Component needs the component's constructor, a function, not int",
		"the function literal at cache_test.go:16: a constructor returns the component (a pointer or an interface), optionally with an error; it has type func() (int, string)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// envLine returns the first line of the environment in a report.
func envLine(out string) string {
	_, rest, _ := strings.Cut(out, "environment: ")
	line, _, _ := strings.Cut(rest, "\n")
	return line
}

// verdictsFixture copies the fixture package verdicts into a module of
// its own and returns its directory.
func verdictsFixture(t *testing.T) string {
	t.Helper()
	return tempModule(t, nil, "gotest/testdata/verdicts")
}

// causes are the ways of the fixture verdicts to end a check without a
// verdict, with what the error must say (either).
var causes = map[string][]string{
	"Loop":   {"step limit of 10000000 exceeded in fixture/verdicts.Loop", "was not checked"},
	"Deep":   {"call depth limit"},
	"Hog":    {"out of memory"},
	"Native": {"fixture/verdicts.getm has no Go body"},
}

// TestNoVerdictMatrix: under go test, for each strategy, every way a
// check can end without a verdict (a bound of mcheck's, a function it
// cannot run, a misuse of the API) is an mcheck error of its own test,
// through mcheck.Run, mcheck.Check and mcheck.Component: the test binary
// never crashes, and the package's tests before and after still run
// and pass.
func TestNoVerdictMatrix(t *testing.T) {
	t.Parallel()
	mod := verdictsFixture(t)
	for _, strategy := range []string{"portfolio", "random", "pct", "dfs", "eda", "guided"} {
		t.Run(strategy, func(t *testing.T) {
			t.Parallel()
			// -mcheck.executions caps the clean TestBefore and TestAfter
			// (with the time budget alone each spent its whole 3s); the
			// 3s still bounds the checks that end without a verdict.
			out, ok := goTest(t, mod, "verdicts", "-v", "-run", matrixTests, "-mcheck.budget=3s", "-mcheck.executions=1000", "-mcheck.memory=64MiB",
				"-mcheck.strategy="+strategy, "-mcheck.guide=verdicts.go:23")
			if ok || strings.Contains(out, "panic:") || !strings.Contains(out, "FAIL\tfixture/verdicts") {
				t.Fatalf("want failed tests and no crash:\n%s", out)
			}
			for _, name := range []string{"TestBefore", "TestAfter", "TestCheckLoop", "TestCheckDeep", "TestCheckHog", "TestCheckNative"} {
				if !strings.Contains(out, "--- PASS: "+name+" ") {
					t.Errorf("%s did not run and pass:\n%s", name, out)
				}
			}
			for cause, want := range causes {
				for _, front := range []string{"Run", "Check", "Component"} {
					name := "Test" + front + cause
					got := testOutput(out, name)
					if !slices.ContainsFunc(want, func(w string) bool { return strings.Contains(got, w) }) {
						t.Errorf("%s: want an mcheck error with one of %q:\n%s", name, want, got)
					}
				}
			}
			if got := testOutput(out, "TestComponentMisuse"); !strings.Contains(got, "--- FAIL") || !strings.Contains(got, "needs the component's constructor, a function, not int") {
				t.Errorf("TestComponentMisuse:\n%s", got)
			}
		})
	}
}

// testOutput returns the lines go test -v printed for the test name.
func testOutput(out, name string) string {
	_, after, ok := strings.Cut(out, "=== RUN   "+name+"\n")
	if !ok {
		return ""
	}
	end := strings.Index(after, "\n--- ")
	if end < 0 {
		return after
	}
	rest := after[end+1:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	return after[:end+1] + rest
}

// TestHonestVerdicts: a spin with every other goroutine blocked for ever
// is a livelock; an execution longer than the budget is cut at the
// budget and its grace, and the test is not checked (never clean); a
// Component check that found a race stops there too, however long its
// sequential baseline and shrinking would run (and a race the budget
// left undecided is not clean); a correct one-unit semaphore, whose
// environments fail as the calls one at a time do, is clean; a goroutine's log that
// may come after its subtest ended races with the end, as Go's race
// detector reports it;
// t.Fail with no message says where; what a subtest did before
// t.Parallel is ordered before its parent's t.Run returns, and a race
// across it is still found. Time: a leak and a race that need a
// goroutine stalled past the timer horizon (3ms behind a 5ms deadline,
// 10ms behind a sleep) are found and say which stall they needed, their
// fixed twins are clean, and an assertion that only a long stall fails
// is discarded as timing slack, with the goroutines its failure leaves
// blocked and a panic that follows it (but not a panic alone).
func TestHonestVerdicts(t *testing.T) {
	t.Parallel()
	mod := verdictsFixture(t)
	out, _ := goTest(t, mod, "verdicts", "-v", "-run", "^Test(Spin|Long|ComponentLong|ComponentCap|ComponentSem|ComponentXSem|LogAfterSubtest|FailNoMessage|ParallelCopy|ParallelShared|TimeoutLeak|TimeoutLeakFixed|AddInside|AddInsideFixed|Slack|SlackLeak|SlackPanic|StallPanic)$", "-mcheck.budget=1s")
	for name, want := range map[string]string{
		"TestSpin":           "mcheck: livelock: no progress under a fair scheduler",
		"TestLong":           "mcheck: TestLong was not checked: no execution finished in",
		"TestComponentLong":  "mcheck: TestComponentLong was not checked: no execution finished in",
		"TestFailNoMessage":  "mcheck: test failed: t.Fail() at honest_test.go:",
		"TestParallelShared": "mcheck: data race: read at honest_test.go:",
		"TestTimeoutLeak":    "to wait until the 5ms deadline fired",
		"TestAddInside":      "to wait until the 10ms deadline fired",
		"TestStallPanic":     "mcheck: panic: runtime error: invalid memory address or nil pointer dereference",
	} {
		if got := testOutput(out, name); !strings.Contains(got, want) || !strings.Contains(got, "--- FAIL") {
			t.Errorf("%s: want %q:\n%s", name, want, got)
		}
	}
	for _, name := range []string{"TestComponentSem", "TestComponentXSem", "TestParallelCopy", "TestLogAfterSubtest", "TestTimeoutLeakFixed", "TestAddInsideFixed", "TestSlack", "TestSlackLeak", "TestSlackPanic"} {
		if got := testOutput(out, name); !strings.Contains(got, "--- PASS") {
			t.Errorf("%s: want a clean test:\n%s", name, got)
		}
	}
	// Found, or (on a loaded machine, the race found only as the budget
	// ran out) not decided in time: never a silent "no bug". The check
	// is not checked if every environment was undecided, else it says
	// the race was left undecided (and saved: the next run decides it
	// first).
	got := testOutput(out, "TestComponentCap")
	found := strings.Contains(got, "--- FAIL") && strings.Contains(got, "mcheck: data race: read at verdicts.go:")
	notChecked := strings.Contains(got, "--- FAIL") && strings.Contains(got, "was not checked: a data race was found")
	undecided := strings.Contains(got, "failures (the first a data race) found as the time budget ran out were not decided")
	if !found && !notChecked && !undecided {
		t.Errorf("TestComponentCap: want the race, or the race undecided:\n%s", got)
	}
	if got := testOutput(out, "TestSlack"); !strings.Contains(got, "discarded as timing slack") {
		t.Errorf("TestSlack: the discarded executions are not counted:\n%s", got)
	}
	// The budget caps the wall time: one execution of TestLong runs for
	// seconds, and is cut at 1s and its grace; the sequential baseline
	// and shrinking after TestComponentCap's race stop there too.
	for name, took := range map[string]string{"TestLong": `no execution finished in ([0-9.]+m?s)`, "TestComponentCap": `(?:executions in|ran out after) ([0-9.]+m?s)`} {
		m := regexp.MustCompile(took).FindStringSubmatch(testOutput(out, name))
		if m == nil {
			t.Fatalf("%s's time:\n%s", name, out)
		}
		// The slack is for a loaded machine (the budget is wall time; the
		// cut is checked every thousand steps): without the cap,
		// TestComponentCap ran 7.2s.
		if d, err := time.ParseDuration(m[1]); err != nil || d > time.Second+sched.DeadlineGrace(time.Second)+500*time.Millisecond {
			t.Errorf("%s ran %s, past the budget of 1s and its grace %v", name, m[1], sched.DeadlineGrace(time.Second))
		}
	}
}

// matrixTests selects the tests of the fixture verdicts that
// TestNoVerdictMatrix runs.
const matrixTests = "^Test(Before|After|(Run|Check|Component)(Loop|Deep|Hog|Native)|ComponentMisuse)$"

// TestServicesEndToEnd checks service code under go test: an HTTP
// handler through httptest.NewRecorder and through httptest.NewServer
// with a real client, a TCP server over the in-memory loopback network,
// testing/synctest inside mcheck.Run and mcheck.Run inside synctest, a
// signal the program sends itself, and a dial outside the process. Each
// buggy test reports its bug, each fixed twin is clean, and the
// failure's replay token reproduces it.
func TestServicesEndToEnd(t *testing.T) {
	t.Parallel()
	mod := tempModule(t, nil, "gotest/testdata/services")
	// An execution budget: the fixed twins' checks are not what this
	// test is about (examples/backend explores such code for seconds).
	out, _ := goTest(t, mod, "services", "-v", "-mcheck.executions=30", "-skip", "^TestSynctestOutside$")
	// Inside synctest a time budget becomes one of executions.
	outside, _ := goTest(t, mod, "services", "-v", "-mcheck.budget=2s", "-run", "^TestSynctestOutside$")
	out += outside
	want := map[string][]string{
		"TestRecorderRace":     {"--- FAIL", "mcheck: data race: concurrent map read and map write", "replay: go test"},
		"TestRecorderFixed":    {"--- PASS", "no bug"},
		"TestServerRace":       {"--- FAIL", "mcheck: data race: concurrent map read and map write", "services.go:29"},
		"TestServerFixed":      {"--- PASS", "no bug"},
		"TestEchoLeak":         {"--- FAIL", "mcheck: partial deadlock", "blocked forever after the test returned"},
		"TestEchoFixed":        {"--- PASS", "no bug"},
		"TestSynctestRace":     {"--- FAIL", "mcheck: data race: concurrent map read and map write"},
		"TestSynctestFixed":    {"--- PASS", "no bug"},
		"TestSynctestDeadlock": {"--- FAIL", "panic: deadlock: main bubble goroutine has exited but blocked goroutines remain"},
		"TestSynctestOutside":  {"--- PASS", "the budget is 1000 executions", "1000 executions"},
		"TestSignal":           {"--- PASS", "no bug"},
		"TestOutside":          {"--- FAIL", "dial tcp 192.0.2.1:80: network access outside the process is not modelled", "services_test.go:"},
	}
	for name, wants := range want {
		block := testOutput(out, name)
		for _, w := range wants {
			if !strings.Contains(block, w) {
				t.Errorf("%s: no %q in:\n%s", name, w, block)
			}
		}
	}
	token := regexp.MustCompile(`-mcheck.replay=(TestServerRace\.[0-9a-f]{6}\.v1\.[A-Za-z0-9_~-]+)`).FindStringSubmatch(out)
	if token == nil {
		t.Fatalf("no token of TestServerRace in:\n%s", out)
	}
	replayed, ok := goTest(t, mod, "services", "-run", "^TestServerRace$", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(replayed, "mcheck: data race") {
		t.Fatalf("the replay did not reproduce the race:\n%s", replayed)
	}
}

// TestBazelSharding: under Bazel's test-sharding environment a test
// binary touches the status file and each check explores shard
// TEST_SHARD_INDEX of TEST_TOTAL_SHARDS, which -mcheck.shard overrides;
// the token of a failure found on shard 3 of 4 replays on shard 0. A
// status file already there when the first check runs says the test
// runner shards the Test functions itself (rules_go's does): the checks
// then run whole.
func TestBazelSharding(t *testing.T) {
	t.Parallel()
	mod := fixture(t)
	status := filepath.Join(t.TempDir(), "shard_status")
	bazel := func(args ...string) (string, bool) {
		t.Helper()
		cmd := exec.Command("go", append([]string{"test", "-count=1", "./bank", "-v"}, args...)...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "TEST_TOTAL_SHARDS=4", "TEST_SHARD_INDEX=3", "TEST_SHARD_STATUS_FILE="+status)
		out, err := cmd.CombinedOutput()
		return string(out), err == nil
	}
	out, ok := bazel("-run", "^(TestTransfer|TestTransferFixed)$", "-mcheck.seed=3")
	if ok || !strings.Contains(out, "found by portfolio, shard 3/4 after") || !strings.Contains(out, "(dfs, shard 3/4), no bug") {
		t.Fatalf("shard 3/4 from the environment:\n%s", out)
	}
	if _, err := os.Stat(status); err != nil {
		t.Errorf("the status file was not touched: %v", err)
	}
	token := regexp.MustCompile(`-mcheck.replay=(TestTransfer\.\S+)`).FindStringSubmatch(out)
	if token == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	replayed, ok := goTest(t, mod, "bank", "-run", "^TestTransfer$", "-mcheck.shard=0/4", "-mcheck.replay="+token[1])
	if ok || !strings.Contains(replayed, "mcheck: global deadlock") {
		t.Fatalf("the token of shard 3/4 on shard 0/4:\n%s", replayed)
	}
	// The status file is there before any check: the runner shards.
	out, ok = bazel("-run", "^TestTransferFixed$")
	if !ok || !strings.Contains(out, "(dfs), no bug") {
		t.Errorf("with a runner that shards the Test functions:\n%s", out)
	}
	if err := os.Remove(status); err != nil {
		t.Fatal(err)
	}
	out, ok = bazel("-run", "^TestTransferFixed$", "-mcheck.shard=1/2")
	if !ok || !strings.Contains(out, "(dfs, shard 1/2), no bug") {
		t.Errorf("-mcheck.shard over the environment:\n%s", out)
	}
}
