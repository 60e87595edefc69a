// Package gotest connects mcheck to go test: the -mcheck.* flags, finding
// the test behind mcheck.Run or mcheck.Component, loading it once per
// process, exploring it (component.go: environments and restarts for
// mcheck.Component), reporting through testing.T, and the saved-failure
// corpus under testdata/mcheck/<TestName>/.
package gotest

import (
	"crypto/sha256"
	"encoding/hex"
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
}

var (
	flagSeed        = flag.Uint64("mcheck.seed", 0, "mcheck: seed of the exploration")
	flagBudget      = flag.Duration("mcheck.budget", 0, "mcheck: time budget per mcheck.Run (default 5s, 1s with -short)")
	flagExecutions  = flag.Int("mcheck.executions", 0, "mcheck: execution budget per mcheck.Run")
	flagStrategy    = flag.String("mcheck.strategy", "", "mcheck: search strategy (random, pct, dfs)")
	flagPreemptions = flag.Int("mcheck.preemptions", 0, "mcheck: dfs preemption bound")
	flagSteps       = flag.Int("mcheck.steps", 0, "mcheck: scheduling steps per execution before a livelock")
	flagWorkers     = flag.Int("mcheck.workers", 0, "mcheck: parallel executions")
	flagReplay      = flag.String("mcheck.replay", "", "mcheck: replay this schedule token")
	flagSyncOnly    = flag.Bool("mcheck.synconly", false, "mcheck: schedule only at synchronisation, not at shared memory accesses")
	flagNoRace      = flag.Bool("mcheck.norace", false, "mcheck: do not report data races")
	flagVerbose     = flag.Bool("mcheck.v", false, "mcheck: progress lines on long runs")
)

// withFlags applies the flags that were given over c.
func withFlags(c Config) Config {
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "mcheck.seed":
			c.Seed = *flagSeed
		case "mcheck.budget":
			c.Time = *flagBudget
		case "mcheck.executions":
			c.Executions = *flagExecutions
		case "mcheck.strategy":
			c.Strategy = *flagStrategy
		case "mcheck.preemptions":
			c.PreemptionBound = *flagPreemptions
		case "mcheck.steps":
			c.MaxSteps = *flagSteps
		case "mcheck.workers":
			c.Workers = *flagWorkers
		case "mcheck.replay":
			c.Replay = *flagReplay
		case "mcheck.synconly":
			c.SyncOnly = *flagSyncOnly
		case "mcheck.norace":
			c.NoRaces = *flagNoRace
		case "mcheck.v":
			if *flagVerbose {
				c.Progress = os.Stderr
			}
		}
	})
	if c.Time == 0 && c.Executions == 0 {
		c.Time = 5 * time.Second
		if testing.Short() {
			c.Time = time.Second
		}
		c.Executions = 1 << 30
	}
	return c
}

// Run explores the test t whose body mcheck.Run was given.
func Run(t *testing.T, body any, c Config) {
	t.Helper()
	c = withFlags(c)
	pkgPath, testName, err := locate(t, body)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	target, err := LoadTest(".", pkgPath, testName)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	replayCmd := fmt.Sprintf("go test -run '^%s$' -mcheck.replay=TOKEN", testName)
	corpus := filepath.Join("testdata", "mcheck", testName)
	// Saved failures first, so a bug found stays found until it is fixed.
	if c.Replay == "" {
		for _, tok := range savedTokens(corpus) {
			o := c.Options
			o.Replay = tok
			rep, err := sched.Explore(target, o)
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
	if rep.Exhausted {
		t.Logf("mcheck: explored all %d schedules (%s), no bug", rep.Executions, rep.Strategy)
	} else {
		t.Logf("mcheck: %d executions (%s) in %v, no bug", rep.Executions, rep.Strategy, rep.Elapsed.Round(time.Millisecond))
	}
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
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true}, ".")
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
