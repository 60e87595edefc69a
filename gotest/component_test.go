package gotest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
)

// TestComponentEndToEnd runs mcheck.Component inside a real go test on
// the fixture testdata/cache: the race of the buggy cache is found with
// its environment and replayed from its token, the fixed twin passes,
// and bad input gets clear messages.
func TestComponentEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	corpus := filepath.Join("testdata", "cache", "testdata")
	t.Cleanup(func() { os.RemoveAll(corpus) })

	out, ok := goTestIn(t, "./testdata/cache", "-run", "^TestCache$", "-mcheck.seed=7", "-v")
	if ok {
		t.Fatalf("the race was not found:\n%s", out)
	}
	for _, want := range []string{
		"mcheck: data race:",
		"cache.go:58",
		"environment: g",
		"Len()",
		"replay: go test -run '^TestCache$' -mcheck.replay=e1.",
		"saved: testdata/mcheck/TestCache/",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	tok := regexp.MustCompile(`mcheck\.replay=(e1\.\S+)`).FindStringSubmatch(out)
	if tok == nil {
		t.Fatalf("no token in:\n%s", out)
	}
	os.RemoveAll(corpus)
	replayed, ok := goTestIn(t, "./testdata/cache", "-run", "^TestCache$", "-mcheck.replay="+tok[1])
	if ok || !strings.Contains(replayed, "mcheck: data race:") || !strings.Contains(replayed, "environment: "+envLine(out)) {
		t.Errorf("the token did not replay the race in the same environment:\n%s\nwant environment %q", replayed, envLine(out))
	}

	out, ok = goTestIn(t, "./testdata/cache", "-run", "^(TestCacheFixed|TestStore|TestValues)$", "-mcheck.budget=500ms", "-v")
	if !ok {
		t.Errorf("the fixed twin, the interface with an error and the picky component with good values fail:\n%s", out)
	}
	if !strings.Contains(out, "NewFixed: ") || !strings.Contains(out, ", no bug") {
		t.Errorf("no summary:\n%s", out)
	}

	out, _ = goTestIn(t, "./testdata/cache", "-run", "^(TestPicky|TestNothing|TestNotAFunc|TestTwoResults)$", "-v")
	for _, want := range []string{
		`note: Set panics when it is the only call on a new component: not a concurrency bug`,
		`mcheck.Exclude("Set")`,
		`Set(-1) → panic: negative key`,
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

// TestComponentDomains checks, in process, that the interpreter builds
// every kind of built-in domain value well (each method of Kinds panics
// on a malformed one) and that universal environments run too.
func TestComponentDomains(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	for _, env := range []string{"random", "universal"} {
		var c Config
		c.Executions, c.Seed, c.Component.Env = 3000, 1, env
		rep, err := CheckComponentTest("testdata/cache", pkg, "TestKinds", c)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure != nil {
			t.Fatalf("%s: %s", env, rep.Failure.Format(""))
		}
		if len(rep.Component.Methods) != 14 || rep.Attempts < 2 {
			t.Errorf("%s: %d methods, %d environments", env, len(rep.Component.Methods), rep.Attempts)
		}
	}
}

// TestChooseIsAChoicePoint: dfs explores each alternative of
// mcheck.Choose, 3×2 executions for two choices.
func TestChooseIsAChoicePoint(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	tg, err := LoadTest("testdata/cache", pkg, "chooseNone")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sched.Explore(tg, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted || rep.Executions != 6 {
		t.Fatalf("chooseNone: %+v %v", rep, err)
	}
	tg, err = LoadTest("testdata/cache", pkg, "chooseAll")
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
	tg, err := LoadTest("testdata/cache", "github.com/mcheck-dev/mcheck/gotest/testdata/cache", "testifyFails")
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
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	var c Config
	c.Strategy, c.Executions, c.SyncOnly = "dfs", 3000, true
	rep, err := CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c)
	if err != nil || rep.Failure != nil || rep.Attempts < 10 || rep.Executions > 3000 {
		t.Fatalf("random environments under dfs: %+v %v", rep, err)
	}
	c.Component.Env, c.Component.MaxCalls, c.Component.Include = "universal", 1, []string{"Len", "Delete"}
	rep, err = CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c)
	if err != nil || rep.Failure != nil || !rep.Exhausted || rep.Attempts != 1 {
		t.Fatalf("a universal environment under dfs: %+v %v", rep, err)
	}
	t.Logf("universal environment of Len and Delete, 1 call per goroutine: %d schedules", rep.Executions)
}

// TestComponentFinish: a component that starts a goroutine leaks it
// unless the environment calls Close last (mcheck.Finish), and the report
// says so.
func TestComponentFinish(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	var c Config
	c.Executions, c.Seed = 2000, 1
	rep, err := CheckComponentTest("testdata/cache", pkg, "TestBatcherNoClose", c)
	if err != nil || rep.Failure == nil || rep.Failure.Kind != sched.Leak ||
		!strings.Contains(rep.Advice(), `mcheck.Finish("Close")`) {
		t.Fatalf("without Finish: %+v %v", rep, err)
	}
	c.Component.Finish = "Close"
	rep, err = CheckComponentTest("testdata/cache", pkg, "TestBatcher", c)
	if err != nil || rep.Failure != nil {
		t.Fatalf("with Finish: %+v %v", rep, err)
	}
}

// TestComponentCyclicResults: results that point back at themselves are
// reported as fmt prints them (the top pointer as &{...}, the others as
// addresses), and a slice that holds itself is cut, never a stack
// overflow of the host.
func TestComponentCyclicResults(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	addr := `0xc[0-9a-f]+`
	for _, tc := range []struct{ method, want string }{
		{"Pair", `Pair\(\) → &\{a ` + addr + ` ` + addr + ` \[` + addr + ` ` + addr + `\] map\[b:` + addr + `\]\}`},
		{"Value", `Value\(\) → \{a ` + addr + ` ` + addr + ` \[` + addr + ` ` + addr + `\] map\[b:` + addr + `\]\}`},
		{"Loop", `Loop\(\) → \[\[\[\[\[\[\.\.\. \.\.\.\] end\] end\] end\] end\] end\]`},
	} {
		var c Config
		c.Seed, c.Executions, c.NoRaces = 1, 2000, true
		c.Component.Include, c.Component.Finish = []string{tc.method}, "Check"
		rep, err := CheckComponentTest("testdata/cache", pkg, "TestGraph", c)
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
