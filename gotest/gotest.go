// Package gotest connects mcheck to go test: the -mcheck.* flags, finding
// the test behind mcheck.Run or mcheck.Component, loading it once per
// process, exploring it (component.go: environments and restarts for
// mcheck.Component), reporting through testing.T, and the saved-failure
// corpus under testdata/mcheck/<TestName>/.
package gotest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Config is the exploration a test asks for: sched.Options set by
// mcheck's options, overridden by the -mcheck.* flags given.
type Config struct {
	sched.Options
	Component ComponentConfig // mcheck.Component only
	// Refused lists options that were given values they cannot take
	// (mcheck.Budget(0), say): the check stops with these as an mcheck
	// error before it runs anything.
	Refused []string
	// TestOptions, if set, is given the options the test passes to
	// mcheck.Component, read from the interpreted call, to apply to the
	// configuration (mcheck test does, where go test has them natively).
	TestOptions func(c *Config, opts []TestOption) error
	// Tags are build tags for loading the test's package (the test
	// binary's own -tags are not visible at run time): set them with
	// mcheck.Tags or -mcheck.tags=a,b.
	Tags []string
}

// Budgets. A time budget alone runs until the time is spent, with no
// execution cap; an execution budget alone has no time cap; both set,
// the exploration stops at whichever runs out first. A budget given must
// be positive: zero or negative is refused.

// PositiveTime refuses a time budget d that is zero or negative; what
// names where it was given ("-mcheck.budget", "mcheck.Budget").
func PositiveTime(what string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%s %v: a time budget must be positive (leave it out for the default)", what, d)
	}
	return nil
}

// PositiveExecutions refuses an execution budget n that is zero or
// negative.
func PositiveExecutions(what string, n int) error {
	if n <= 0 {
		return fmt.Errorf("%s %d: an execution budget must be positive (leave it out for the default)", what, n)
	}
	return nil
}

// CheckConfig returns the refusals of c (options given values they
// cannot take) as one error, or nil.
func CheckConfig(c Config) error { return c.check() }

// check returns the refusals of c as one error, or nil.
func (c Config) check() error {
	if len(c.Refused) == 0 {
		return nil
	}
	return errors.New(strings.Join(c.Refused, "; "))
}

func init() { defineFlags(flag.CommandLine) }

// defineFlags defines the -mcheck.* flags on fs (flag.CommandLine for go
// test); applyFlags reads their values through flag.Getter.
func defineFlags(fs *flag.FlagSet) {
	fs.Uint64("mcheck.seed", 0, "mcheck: seed of the exploration")
	fs.Duration("mcheck.budget", 0, "mcheck: time budget per mcheck.Run or Component (default 5s, Component 3s, 1s with -short); alone, no execution cap")
	fs.Int("mcheck.executions", 0, "mcheck: execution budget per mcheck.Run or Component; alone, no time cap")
	fs.String("mcheck.strategy", "", "mcheck: search strategy (random, pct, dfs)")
	fs.Int("mcheck.preemptions", 0, "mcheck: dfs preemption bound")
	fs.Int("mcheck.steps", 0, "mcheck: scheduling steps per execution before a livelock")
	fs.Int("mcheck.workers", 0, "mcheck: parallel executions")
	fs.String("mcheck.replay", "", "mcheck: replay this schedule token")
	fs.Bool("mcheck.synconly", false, "mcheck: schedule only at synchronisation, not at shared memory accesses")
	fs.Bool("mcheck.norace", false, "mcheck: do not report data races")
	fs.Bool("mcheck.v", false, "mcheck: progress lines on long runs")
	fs.Bool("mcheck.timebarrier", false, "mcheck: timers fire only when no goroutine can move")
	fs.Duration("mcheck.timerhorizon", 0, "mcheck: how far ahead a timer may fire while goroutines can move (default 2ms; negative: any)")
	fs.String("mcheck.tags", "", "mcheck: comma-separated build tags for loading the package (repeat go test's -tags here)")
	fs.Var(new(ssainterp.ByteSize), "mcheck.memory", "mcheck: bytes one execution may allocate, as the interpreter holds them (16 per slice element); past it the test cannot be run (e.g. 512MiB, 2GiB)")
}

// withFlags applies the -mcheck.* flags that were given over c (see
// applyFlags).
func withFlags(c Config, defTime, defShort time.Duration) Config {
	return applyFlags(c, flag.Visit, defTime, defShort, testing.Short())
}

// applyFlags applies the flags that visit visits (the ones given) over
// c. A budget flag replaces the budget the options set as a whole:
// -mcheck.budget=2m alone runs for two minutes whatever
// mcheck.Executions said. With no budget at all, the default is defTime
// (defShort if short) and no execution cap. Budget flags that are not
// positive are refused in c.Refused.
func applyFlags(c Config, visit func(func(*flag.Flag)), defTime, defShort time.Duration, short bool) Config {
	budgetFlag := false
	visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok {
			return
		}
		v := g.Get()
		switch f.Name {
		case "mcheck.budget", "mcheck.executions":
			if !budgetFlag {
				c.Time, c.Executions, budgetFlag = 0, 0, true
			}
		}
		switch f.Name {
		case "mcheck.seed":
			c.Seed = v.(uint64)
		case "mcheck.budget":
			c.Time = v.(time.Duration)
			if err := PositiveTime("-mcheck.budget", c.Time); err != nil {
				c.Refused = append(c.Refused, err.Error())
			}
		case "mcheck.executions":
			c.Executions = v.(int)
			if err := PositiveExecutions("-mcheck.executions", c.Executions); err != nil {
				c.Refused = append(c.Refused, err.Error())
			}
		case "mcheck.strategy":
			c.Strategy = v.(string)
		case "mcheck.preemptions":
			c.PreemptionBound = v.(int)
		case "mcheck.steps":
			c.MaxSteps = v.(int)
		case "mcheck.workers":
			c.Workers = v.(int)
		case "mcheck.replay":
			c.Replay = v.(string)
		case "mcheck.synconly":
			c.SyncOnly = v.(bool)
		case "mcheck.norace":
			c.NoRaces = v.(bool)
		case "mcheck.memory":
			c.MaxMemory = v.(int64)
		case "mcheck.v":
			if v.(bool) {
				c.Progress = os.Stderr
			}
		case "mcheck.timebarrier":
			c.TimeBarrier = v.(bool)
		case "mcheck.timerhorizon":
			c.TimerHorizon = v.(time.Duration)
		case "mcheck.tags":
			c.Tags = append(c.Tags, v.(string))
		}
	})
	if c.Time == 0 && c.Executions == 0 {
		c.Time = defTime
		if short {
			c.Time = defShort
		}
	}
	return c
}

// Run's default budget: time alone, no execution cap.
const (
	runTime      = 5 * time.Second
	runShortTime = time.Second
)

// Run explores the test t whose body mcheck.Run was given.
func Run(t *testing.T, body any, c Config) {
	t.Helper()
	c = withFlags(c, runTime, runShortTime)
	if err := c.check(); err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	pkgPath, testName, err := locate(t, body)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	target, err := LoadTestTags(".", pkgPath, testName, c.Tags)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	target.Prog.SetTestFlags(hostFlags(t))
	replayCmd := fmt.Sprintf("go test -run '^%s$' -mcheck.replay=TOKEN", testName)
	corpus := filepath.Join("testdata", "mcheck", testName)
	// Saved failures first, so a bug found stays found until it is fixed.
	if c.Replay == "" {
		for _, tok := range savedTokens(corpus) {
			o := c.Options
			o.Replay = tok
			rep, err := sched.Explore(target, o)
			if errors.Is(err, sched.ErrTokenMismatch) {
				continue // saved for an older version of the code
			}
			if err != nil {
				t.Fatalf("mcheck: %v", err)
			}
			if rep.Failure != nil && rep.Failure.Kind != sched.Nondeterminism {
				t.Errorf("%s(saved in %s)", rep.Failure.Format(replayCmd), corpus)
				return
			}
		}
	}
	rep, err := sched.Explore(target, c.Options)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	if f := rep.Failure; f != nil {
		saved := ""
		if c.Replay == "" {
			if path, err := save(corpus, f.Schedule.Token()); err == nil {
				saved = "saved: " + path + "\n"
			}
		}
		t.Errorf("%sfound by %s after %d executions in %v\n%s", f.Format(replayCmd), rep.Strategy, rep.Executions,
			rep.Elapsed.Round(time.Millisecond), saved)
		return
	}
	t.Logf("mcheck: %s", rep.Summary())
}

// hostFlags returns go test's own flags as the interpreted test sees
// them: testing.Short, testing.Verbose, and t.Deadline as the time left
// now (whole seconds, so that it reads the same through a run).
func hostFlags(t *testing.T) ssainterp.TestFlags {
	f := ssainterp.TestFlags{Short: testing.Short(), Verbose: testing.Verbose()}
	if d, ok := t.Deadline(); ok {
		f.Timeout = max(time.Until(d).Truncate(time.Second), time.Second)
	}
	return f
}

// locate finds the package and top-level test function of a test body.
func locate(t *testing.T, body any) (pkgPath, testName string, err error) {
	v := reflect.ValueOf(body)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", "", fmt.Errorf("mcheck.Run needs a test body func(*testing.T), not %T", body)
	}
	testName, _, _ = strings.Cut(t.Name(), "/")
	fn := runtime.FuncForPC(v.Pointer())
	if fn == nil {
		return "", "", fmt.Errorf("cannot find the function of the test body of %s", testName)
	}
	name := fn.Name() // "example.com/pkg.TestX.func1", or a named function
	if i := strings.Index(name, "."+testName+"."); i >= 0 {
		return name[:i], testName, nil
	}
	// A named function as body: its package is the test's.
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[:i], testName, nil
	}
	return "", "", fmt.Errorf("cannot tell the package of %s", name)
}

// Explore explores scenario, a function of the calling test package with
// a test's signature that go test does not run itself (say,
// func checkTransfer(t *testing.T)), and returns the report. It is how a
// package tests that mcheck finds the bug a scenario has.
func Explore(scenario func(*testing.T), opts sched.Options) (*sched.Report, error) {
	fn := runtime.FuncForPC(reflect.ValueOf(scenario).Pointer())
	if fn == nil {
		return nil, fmt.Errorf("cannot find the scenario function")
	}
	name := fn.Name()
	i := strings.LastIndex(name, ".")
	if i < 0 || strings.Contains(name[i:], "func") {
		return nil, fmt.Errorf("the scenario must be a named function, not %s", name)
	}
	target, err := LoadTest(".", name[:i], name[i+1:])
	if err != nil {
		return nil, err
	}
	return sched.Explore(target, opts)
}

// Replays replays failure f of scenario (see Explore), found with opts,
// from its schedule token and reports an error unless the same failure,
// with the same trace, comes back.
func Replays(scenario func(*testing.T), f *sched.Failure, opts sched.Options) error {
	opts.Replay = f.Schedule.Token()
	rep, err := Explore(scenario, opts)
	if err != nil {
		return err
	}
	g := rep.Failure
	if g == nil || g.Kind != f.Kind || g.Message != f.Message || !slices.Equal(g.Trace, f.Trace) {
		return fmt.Errorf("the schedule %s does not replay its failure (%s: %s); replayed: %v", f.Schedule.Token(), f.Kind, f.Message, g)
	}
	return nil
}

// LoadTest loads the package in dir with its tests and returns the
// exploration target for the test function testName.
func LoadTest(dir, pkgPath, testName string) (sched.Target, error) {
	return LoadTestTags(dir, pkgPath, testName, nil)
}

// LoadTestTags is LoadTest with build tags (see ssainterp.LoadConfig).
func LoadTestTags(dir, pkgPath, testName string, tags []string) (sched.Target, error) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true, Tags: tags, Host: Host}, ".")
	if err != nil {
		return sched.Target{}, err
	}
	id, ok := prog.TestPackage(pkgPath)
	if !ok {
		return sched.Target{}, fmt.Errorf("package %s is not in %s", pkgPath, dir)
	}
	return sched.Target{
		Prog:  prog,
		Test:  true,
		Start: func(m *ssainterp.Machine) error { return m.StartTest(id, testName) },
	}, nil
}

// savedTokens reads the schedules saved in dir, oldest name first.
func savedTokens(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var toks []string
	for _, e := range entries {
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			toks = append(toks, strings.TrimSpace(string(b)))
		}
	}
	sort.Strings(toks)
	return toks
}

// save writes token to dir under a name derived from it.
func save(dir, token string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(token))
	path := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	return path, os.WriteFile(path, []byte(token+"\n"), 0o644)
}
