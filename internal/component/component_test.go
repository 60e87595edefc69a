package component

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// TestComponentDomains checks, in process, that the interpreter builds
// every kind of built-in domain value well (each method of Kinds panics
// on a malformed one) and that universal environments run too.
func TestComponentDomains(t *testing.T) {
	var id = check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestKinds"}
	for _, env := range []string{"random", "universal"} {
		var c check.Config
		c.Executions, c.Seed, c.Component.Env = 3000, 1, env
		if testing.Short() {
			c.Executions = 1000
		}
		rep, err := CheckTest("testdata/cache", id, c)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure != nil {
			t.Fatalf("%s: %s", env, rep.Failure.Format(""))
		}
		for _, n := range rep.Component.Notes {
			if strings.HasPrefix(n, "not drawn") { // a malformed value panics wherever it is passed
				t.Errorf("%s: %s", env, n)
			}
		}
		if len(rep.Component.Methods) != 14 || rep.Attempts < 2 {
			t.Errorf("%s: %d methods, %d environments", env, len(rep.Component.Methods), rep.Attempts)
		}
	}
}

// TestChooseIsAChoicePoint: dfs explores each alternative of
// mcheck.Choose, 3×2 executions for two choices.
func TestChooseIsAChoicePoint(t *testing.T) {
	var id = check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestKinds"}
	tg, err := check.LoadTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "chooseNone"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sched.Explore(tg, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted || rep.Executions != 6 {
		t.Fatalf("chooseNone: %+v %v", rep, err)
	}
	tg, err = check.LoadTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "chooseAll"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err = sched.Explore(tg, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure == nil || rep.Failure.Kind != sched.TestFailed || rep.Executions != 6 {
		t.Fatalf("chooseAll: %+v %v", rep, err)
	}
}

// TestTestifyRuns: a test package that uses testify can be explored; a
// failed require is a failed test at the caller's line.
func TestTestifyRuns(t *testing.T) {
	tg, err := check.LoadTest("testdata/cache", check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "testifyFails"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sched.Explore(tg, sched.Options{Executions: 5})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil || f.Kind != sched.TestFailed || !strings.HasPrefix(f.Message, "testify_test.go:17: ") ||
		!strings.Contains(f.Message, `expected: "b"`) || strings.Contains(f.Message, "not reached") {
		t.Fatalf("%v", f)
	}
}

// TestComponentExhaustion: with dfs, an environment explored in full
// without a bug ends its attempt early and the next environment starts;
// a universal environment under dfs is one environment, explored in full.
func TestComponentExhaustion(t *testing.T) {
	var id = check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestKinds"}
	var c check.Config
	c.SetStrategy("test", "dfs")
	c.Executions, c.SyncOnly = 3000, true
	rep, err := CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestCacheFixed"}, c)
	if err != nil || rep.Failure != nil || rep.Attempts < 10 || rep.Executions > 3000 {
		t.Fatalf("random environments under dfs: %+v %v", rep, err)
	}
	c.Component.Env, c.Component.MaxCalls, c.Component.Include = "universal", 1, []string{"Len", "Delete"}
	rep, err = CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestCacheFixed"}, c)
	if err != nil || rep.Failure != nil || !rep.Exhausted || rep.Attempts != 1 {
		t.Fatalf("a universal environment under dfs: %+v %v", rep, err)
	}
	t.Logf("universal environment of Len and Delete, 1 call per goroutine: %d schedules", rep.Executions)
}

// TestComponentFinish: a component that starts a goroutine Close stops
// does not leak it under the default protocol, which calls Close once,
// last in half of the environments (and says so), and discards the
// others' leaks, which the calls run one at a time show too. Left without
// Close it leaks in every environment, each discarded, and the summary
// says why.
// mcheck.Finish names the method explicitly.
func TestComponentFinish(t *testing.T) {
	var id = check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestKinds"}
	var c check.Config
	c.Executions, c.Seed = 2000, 1
	rep, err := CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestBatcherNoClose"}, c)
	if err != nil || rep.Failure != nil || !strings.Contains(strings.Join(rep.Component.Notes, "\n"), "Close is called once, after the other calls, in half of the environments (the default protocol") {
		t.Fatalf("default protocol: %+v %v", rep, err)
	}
	c.Component.Exclude = []string{"Close"}
	rep, err = CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestBatcherNoClose"}, c)
	if err != nil || rep.Failure != nil || rep.Discarded == 0 || !strings.Contains(rep.Why, "goroutines created at batcher.go:28 stay blocked") {
		t.Fatalf("without Close: %+v %v", rep, err)
	}
	c.Component.Exclude, c.Component.Finish = nil, "Close"
	rep, err = CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestBatcher"}, c)
	if err != nil || rep.Failure != nil {
		t.Fatalf("with Finish: %+v %v", rep, err)
	}
}

// TestComponentCyclicResults: results that point back at themselves are
// reported as fmt prints them (the top pointer as &{...}, the others as
// addresses), and a slice that holds itself is cut, never a stack
// overflow of the host.
func TestComponentCyclicResults(t *testing.T) {
	var id = check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestKinds"}
	addr := `0xc[0-9a-f]+`
	for _, tc := range []struct{ method, want string }{
		{"Pair", `Pair\(\) → &\{a ` + addr + ` ` + addr + ` \[` + addr + ` ` + addr + `\] map\[b:` + addr + `\]\}`},
		{"Value", `Value\(\) → \{a ` + addr + ` ` + addr + ` \[` + addr + ` ` + addr + `\] map\[b:` + addr + `\]\}`},
		{"Loop", `Loop\(\) → \[\[\[\[\[\[\.\.\. \.\.\.\] end\] end\] end\] end\] end\]`},
	} {
		var c check.Config
		c.Seed, c.Executions, c.NoRaces = 1, 2000, true
		c.Component.Include, c.Component.Finish = []string{tc.method}, "Check"
		rep, err := CheckTest("testdata/cache", check.ID{Pkg: id.Pkg, Test: "TestGraph"}, c)
		if err != nil {
			t.Fatalf("%s: %v", tc.method, err)
		}
		if rep.Failure == nil || !strings.Contains(rep.Failure.Message, "lost update") {
			t.Fatalf("%s: no lost update found: %+v", tc.method, rep)
		}
		if !regexp.MustCompile(tc.want).MatchString(rep.Failure.Environment) {
			t.Errorf("%s: environment\n%s\nwant %s", tc.method, rep.Failure.Environment, tc.want)
		}
	}
}

// The component restart loop follows the budget rule: a time budget
// alone runs environments until the time is spent, an execution budget
// alone runs exactly that many executions, and negative budgets are
// refused.
func TestComponentBudgets(t *testing.T) {
	fixed := check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestCacheFixed"}
	var c check.Config
	c.Seed, c.Time = 1, 1500*time.Millisecond
	if testing.Short() {
		c.Time = 500 * time.Millisecond
	}
	rep, err := CheckTest("testdata/cache", fixed, c)
	if err != nil || rep.Failure != nil {
		t.Fatalf("time alone: %+v %v", rep, err)
	}
	if rep.Elapsed < c.Time {
		t.Errorf("a %v budget stopped after %v, %d executions", c.Time, rep.Elapsed, rep.Executions)
	}
	c.Time, c.Executions = 0, 250
	rep, err = CheckTest("testdata/cache", fixed, c)
	if err != nil || rep.Failure != nil || rep.Executions != 250 {
		t.Fatalf("executions alone: %+v %v", rep, err)
	}
	for _, bad := range []func(*check.Config){
		func(c *check.Config) { c.Time = -time.Second },
		func(c *check.Config) { c.Executions = -3 },
		func(c *check.Config) { c.Executions, c.Component.Unit.Executions = 10, -1 },
	} {
		var c check.Config
		bad(&c)
		if _, err := CheckTest("testdata/cache", fixed, c); err == nil || !strings.Contains(err.Error(), "negative budget") {
			t.Errorf("%+v: %v", c, err)
		}
	}
	c = check.Config{Refused: []string{"mcheck.Budget 0s: a time budget must be positive"}}
	if _, err := CheckTest("testdata/cache", fixed, c); err == nil || !strings.Contains(err.Error(), "mcheck.Budget 0s") {
		t.Errorf("refused option: %v", err)
	}
}

// TestComponentOwnOption: an option that is not package mcheck's does
// not stop the probe (go test applies it natively), but cannot be read.
func TestComponentOwnOption(t *testing.T) {
	own := check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestOwnOption"}
	var c check.Config
	c.Executions = 50
	rep, err := CheckTest("testdata/cache", own, c)
	if err != nil || rep.Failure != nil || rep.Executions != 50 {
		t.Fatalf("%+v %v", rep, err)
	}
	if _, err := checkWithOptions("testdata/cache", own, c); err == nil || !strings.Contains(err.Error(), "internal/component/testdata/cache.own: it is not one of package mcheck") {
		t.Fatalf("read: %v", err)
	}
}

// TestProbeDomains: the values a method cannot take in any state one
// call reaches are not drawn (Take(-1), Give(math.MaxInt)), those it can
// take after another call are (Give(1) after Take(1)), a parameter
// none of whose values work keeps them all (Never), and the report's
// note names the values left out.
func TestProbeDomains(t *testing.T) {
	var c check.Config
	c.Executions, c.Seed = 400, 1
	rep, err := CheckTest("testdata/cache", check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestSlots"}, c)
	if err != nil {
		t.Fatal(err)
	}
	const want = "not drawn, as the calls fail with these arguments alone and after every call that returns alone (give the values to draw with mcheck.Values): " +
		"Give(-1), Give(math.MaxInt), Give(math.MinInt), Take(-1), Take(math.MaxInt), Take(math.MinInt)"
	if !slices.Contains(rep.Component.Notes, want) {
		t.Errorf("notes %q lack %q", rep.Component.Notes, want)
	}
	drawn := map[string]bool{}
	pr := &envgen.Printer{Pkg: rep.Component.Pkg}
	for seed := range uint64(300) {
		plan := envgen.Draw(rep.Component, envgen.Random, envgen.Unreduced, 2, 0, seed)
		for _, th := range plan.Threads {
			for _, call := range th {
				drawn[plan.CallString(rep.Component, pr, call)] = true
			}
		}
	}
	for _, call := range []string{"Take(-1)", "Give(math.MaxInt)", "Take(math.MinInt)"} {
		if drawn[call] {
			t.Errorf("%s was drawn", call)
		}
	}
	for _, call := range []string{"Take(0)", "Take(1)", "Give(0)", "Give(1)", "Never(-1)", "Never(math.MaxInt)"} {
		if !drawn[call] {
			t.Errorf("%s was not drawn", call)
		}
	}
}

// TestConstructorProbe: the constructor's arguments are probed as the
// methods' are. NewBounded panics "maxSize is less than 1" on 0, -1 and
// math.MinInt by design: those are not drawn, the note says so, and the
// check is clean (it was reported as a panic, blamed on the methods of
// an environment that never started). Its twin with a racy Len is still
// found. A panic before the environment starts is never blamed on a
// method: NewBoundedFlaky's (a concurrency bug of the constructor) is
// reported with no call run, and a user's value every call refuses
// (Values(0)) is discarded with a reason that names the constructor.
func TestConstructorProbe(t *testing.T) {
	const note = "not drawn, as the component cannot be built with these arguments (the environment does not start: a panic, an error or a block before any call; give the values to draw with mcheck.Values): " +
		"NewBounded(0), NewBounded(-1), NewBounded(math.MinInt)"
	for seed := uint64(1); seed <= 2; seed++ {
		rep := checkQueue(t, "TestBounded", seed)
		if rep.Failure != nil {
			t.Fatalf("seed %d: reported\n%s", seed, (&check.Result{Component: rep}).Text())
		}
		if !slices.Contains(rep.Component.Notes, note) {
			t.Errorf("seed %d: notes %q lack %q", seed, rep.Component.Notes, note)
		}
		for s := range uint64(100) {
			plan := envgen.Draw(rep.Component, envgen.Random, envgen.Unreduced, 2, 0, s)
			if v := rep.Component.Params[0].Values[plan.NewArgs[0]].Const.String(); v != "1" && v != "9223372036854775807" {
				t.Fatalf("NewBounded(%s) drawn", v)
			}
		}
		rep = checkQueue(t, "TestBoundedRacy", seed)
		if f := rep.Failure; f == nil || f.Kind != sched.DataRace || !strings.Contains(f.Environment, "Len()") {
			t.Errorf("racy, seed %d: want the data race of Len, got %+v", seed, rep)
		}
	}
	rep := checkQueue(t, "TestBoundedFlaky", 1)
	f := rep.Failure
	if f == nil || f.Kind != sched.Panic || !rep.NotStarted {
		t.Fatalf("flaky: want a panic before the environment started, got %+v", rep)
	}
	text := (&check.Result{Component: rep}).Text()
	for _, want := range []string{"(did not return: the environment did not start)", "(not reached)",
		"note: the failure came before any call, in NewBoundedFlaky(1): no method ran"} {
		if !strings.Contains(text, want) {
			t.Errorf("flaky: the report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(rep.Advice(), "Len") || strings.Contains(rep.Advice(), "Put") {
		t.Errorf("flaky: a method is blamed: %s", rep.Advice())
	}
	rep = checkQueue(t, "TestBoundedRefused", 1)
	if rep.Failure != nil || rep.Discarded == 0 || !strings.HasPrefix(rep.Why, "NewBounded(0) fails before any call (panic: maxSize is less than 1)") {
		t.Errorf("refused: %d discarded, first because %q, failure %v", rep.Discarded, rep.Why, rep.Failure)
	}
}

// TestDocContract: the default protocol follows the concurrency
// contract of doc comments. MockClock's Add "should only be called from
// a single goroutine at a time": it is never called from two goroutines
// at once (their race was reported); Batch's Shutdown(wait bool) says
// "Calling Run at any point after calling Shutdown will lead to
// undefined behaviour": it is called last in every environment (a Run
// racing with it was reported). Each note quotes the comment. The twins'
// races that the comments allow (Now against Add, Run against Run) are
// still found.
func TestDocContract(t *testing.T) {
	for _, tc := range []struct{ test, note, racy string }{
		{"TestMockClock", `Add is never called from two goroutines at once, as the doc comment of Add says: "This should only be called from a single goroutine at a time."`, "Now()"},
		{"TestBatch", `Shutdown is called once, after the other calls, in every environment, as a doc comment says: "Calling Run at any point after calling Shutdown will lead to undefined behaviour."`, "Run("},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			rep := checkQueue(t, tc.test, seed)
			if rep.Failure != nil {
				t.Errorf("%s, seed %d: reported\n%s", tc.test, seed, (&check.Result{Component: rep}).Text())
			}
			if !strings.Contains(strings.Join(rep.Component.Notes, "\n"), tc.note) {
				t.Errorf("%s: notes %q lack %q", tc.test, rep.Component.Notes, tc.note)
			}
			rep = checkQueue(t, tc.test+"Racy", seed)
			if f := rep.Failure; f == nil || f.Kind != sched.DataRace || !strings.Contains(f.Environment, tc.racy) {
				t.Errorf("%sRacy, seed %d: want a data race with %s, got %+v", tc.test, seed, tc.racy, rep)
			}
		}
	}
	// A universal environment calls Add from its first goroutine only.
	var c check.Config
	c.Executions, c.Seed, c.Component.Env = 2000, 1, "universal"
	rep, err := CheckTest("testdata/queue", check.ID{Pkg: queuePkg, Test: "TestMockClock"}, c)
	if err != nil || rep.Failure != nil {
		t.Errorf("universal: %v %v", err, rep.Failure)
	}
}

// checkWithOptions is CheckTest with the options of the test's call
// applied to c first, as mcheck test applies them.
func checkWithOptions(dir string, id check.ID, c check.Config) (*check.ComponentReport, error) {
	target, got, err := Load(dir, id, c.Tags)
	if err != nil {
		return nil, err
	}
	if err := check.ReadOptions(&c, got.Options); err != nil {
		return nil, err
	}
	return Check(target, id, "", c, got)
}

// testSeeds is how many seeds the tests that repeat a check for several
// seeds try: three, and one under -short (the inner loop; the full run
// tries them all).
func testSeeds() uint64 {
	if testing.Short() {
		return 1
	}
	return 3
}
