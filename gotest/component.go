package gotest

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// ComponentConfig is what mcheck.Component's options set besides the
// exploration's.
type ComponentConfig struct {
	envgen.Options
	Values     []any  // mcheck.Values, natively (for spelling them)
	Env        string // envgen.Random (default) or envgen.Universal
	Goroutines int    // goroutines of an environment (default 2)
	MaxCalls   int    // universal: calls per goroutine (default 2|M|)
	Restart    string // restart strategy: "luby" (default), "fixed", "walsh", "none"
	Unit       restarts.Budget
}

// Component defaults: a CI-sized budget, Luby restarts in units of 100
// executions (see examples/bench restarts for the measurements).
const (
	componentTime      = 3 * time.Second
	componentShortTime = time.Second
	componentUnit      = 100
)

// ComponentReport is the outcome of checking a component.
type ComponentReport struct {
	Component  *envgen.Component
	Failure    *sched.Failure // nil: no bug
	Plan       *envgen.Plan   // the environment of the failure (shrunk)
	Token      string         // replays the failure: environment and schedule
	Attempts   int            // environments tried
	Executions int
	Elapsed    time.Duration
	Exhausted  bool // a single environment (no restarts) was explored completely
}

// Component checks the component ctor constructs, for the test t that
// called mcheck.Component.
func Component(t *testing.T, ctor any, c Config) {
	t.Helper()
	if err := isFunc(ctor); err != nil {
		if capturing != nil {
			capturing.err = err
			return
		}
		t.Fatalf("mcheck: %v", err)
	}
	if capturing != nil {
		c = capturing.cfg(c)
		if capturing.err = c.check(); capturing.err == nil {
			capturing.rep, capturing.err = CheckComponentTest(".", capturing.pkg, capturing.name, c)
		}
		return
	}
	pkgPath, testName, err := locateCaller(t)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	c = withComponentFlags(c)
	if err := c.check(); err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	flags := hostFlags(t)
	rep, err := checkComponentTest(".", pkgPath, testName, c, &flags)
	if err != nil {
		t.Fatalf("mcheck: %v", err)
	}
	for _, n := range rep.Component.Notes {
		t.Logf("mcheck: %s", n)
	}
	if f := rep.Failure; f != nil {
		saved := ""
		if c.Replay == "" {
			if path, err := save(filepath.Join("testdata", "mcheck", testName), rep.Token); err == nil {
				saved = "saved: " + path + "\n"
			}
		}
		t.Errorf("%s%sfound in environment %d after %d executions in %v\n%s", f.Format(fmt.Sprintf("go test -run '^%s$' -mcheck.replay=%s", testName, rep.Token)),
			rep.Advice(), rep.Attempts, rep.Executions, rep.Elapsed.Round(time.Millisecond), saved)
		return
	}
	if rep.Exhausted {
		t.Logf("mcheck: %s: explored all %d schedules of the environment, no bug", rep.Component.Ctor, rep.Executions)
		return
	}
	t.Logf("mcheck: %s: %d environments, %d executions in %v, no bug", rep.Component.Ctor, rep.Attempts, rep.Executions, rep.Elapsed.Round(time.Millisecond))
}

// Advice explains failures that are likely bad input rather than a
// concurrency bug: a panic of a single call (a method that cannot take
// the values it was given), and a goroutine leak of a component that
// has a Close-like method the environment was not told to call.
func (rep *ComponentReport) Advice() string {
	f, comp := rep.Failure, rep.Component
	if f == nil {
		return ""
	}
	if f.Kind == sched.Panic && rep.Plan.Env == envgen.Random && rep.Plan.Calls() == 1 {
		for _, th := range rep.Plan.Threads {
			for _, call := range th {
				name := comp.Methods[call.Method].Name
				return fmt.Sprintf("note: %s panics when it is the only call on a new component: not a concurrency bug, but a method that cannot take these arguments; give its parameters values with mcheck.Values, or leave it out with mcheck.Exclude(%q)\n", name, name)
			}
		}
	}
	if f.Kind == sched.Leak && comp.Finish == nil {
		for _, m := range comp.Methods {
			switch m.Name {
			case "Close", "Stop", "Shutdown":
				return fmt.Sprintf("note: if %s ends the goroutines the component starts, have the environment call it last with mcheck.Finish(%q)\n", m.Name, m.Name)
			}
		}
	}
	return ""
}

func withComponentFlags(c Config) Config {
	return withFlags(c, componentTime, componentShortTime)
}

func isFunc(ctor any) error {
	if v := reflect.ValueOf(ctor); v.Kind() != reflect.Func || v.IsNil() {
		return fmt.Errorf("mcheck.Component needs the component's constructor, a function, not %T", ctor)
	}
	return nil
}

// CheckComponentTest loads the package pkgPath in dir with its tests,
// learns the component from the mcheck.Component call of its function
// testName (a test, or a scenario with a test's signature), and explores
// environments of it under restarts, as c says (c's flags are not
// applied). Failures saved under testdata/mcheck/<testName> are
// replayed first.
func CheckComponentTest(dir, pkgPath, testName string, c Config) (*ComponentReport, error) {
	return checkComponentTest(dir, pkgPath, testName, c, nil)
}

// checkComponentTest is CheckComponentTest; flags, if not nil, are set
// on the program for the interpreted tests (go test's own).
func checkComponentTest(dir, pkgPath, testName string, c Config, flags *ssainterp.TestFlags) (*ComponentReport, error) {
	target, err := LoadTestTags(dir, pkgPath, testName, c.Tags)
	if err != nil {
		return nil, err
	}
	if flags != nil {
		target.Prog.SetTestFlags(*flags)
	}
	return CheckComponent(target, filepath.Join(dir, "testdata", "mcheck", testName), c)
}

// CheckComponent checks the component of the mcheck.Component call of
// the test that target starts; failures saved in corpus are replayed
// first (none if corpus is "").
func CheckComponent(target sched.Target, corpus string, c Config) (*ComponentReport, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.Time < 0 || c.Executions < 0 || c.Component.Unit.Time < 0 || c.Component.Unit.Executions < 0 {
		return nil, fmt.Errorf("negative budget (time %v, executions %d, restart unit %v, %d executions): a budget must be positive",
			c.Time, c.Executions, c.Component.Unit.Time, c.Component.Unit.Executions)
	}
	got, err := Probe(target)
	if err != nil {
		return nil, err
	}
	if got.Run {
		return nil, errors.New("the test calls mcheck.Run before mcheck.Component")
	}
	if c.TestOptions != nil {
		if err := c.TestOptions(&c, got.Options); err != nil {
			return nil, err
		}
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	if c.Time == 0 && c.Executions == 0 {
		c.Time = componentTime
	}
	comp, err := extract(got, c.Component)
	if err != nil {
		return nil, err
	}
	cc := c.Component
	if cc.Goroutines <= 0 {
		cc.Goroutines = 2
	}
	if cc.Env == "" {
		cc.Env = envgen.Random
	}
	if cc.Env != envgen.Random && cc.Env != envgen.Universal {
		return nil, fmt.Errorf("mcheck.Environment(%q): want %q or %q", cc.Env, envgen.Random, envgen.Universal)
	}
	if cc.Restart == "" {
		cc.Restart = "luby"
	}
	if cc.Unit == (restarts.Budget{}) {
		cc.Unit.Executions = componentUnit
	}
	start := time.Now()
	explore := func(plan *envgen.Plan, o sched.Options) (*sched.Report, error) {
		return sched.Explore(componentTarget(target, comp, plan), o)
	}
	rep := &ComponentReport{Component: comp}
	// replay runs a token; a failure ends the check.
	replay := func(tok string) (bool, error) {
		plan, schedule, err := splitToken(tok)
		if err == nil {
			err = plan.Check(comp)
		}
		if err != nil {
			return false, err
		}
		o := c.Options
		o.Replay = schedule
		r, err := explore(plan, o)
		if errors.Is(err, sched.ErrTokenMismatch) && c.Replay == "" {
			return false, nil // saved for an older version of the code
		}
		if err != nil || r.Failure == nil || r.Failure.Kind == sched.Nondeterminism && c.Replay == "" {
			return false, err
		}
		rep.Failure, rep.Plan, rep.Token, rep.Attempts, rep.Executions = r.Failure, plan, tok, 1, 1
		rep.Elapsed = time.Since(start)
		return true, nil
	}
	if c.Replay != "" {
		_, err := replay(c.Replay)
		rep.Elapsed = time.Since(start)
		return rep, err
	}
	// Saved failures first (a token that no longer fits is skipped).
	for _, tok := range savedTokens(corpus) {
		if plan, _, err := splitToken(tok); err != nil || plan.Check(comp) != nil {
			continue
		}
		if done, err := replay(tok); done || err != nil {
			return rep, err
		}
	}
	type found struct {
		plan *envgen.Plan
		rep  *sched.Report
		seed uint64
	}
	var exhausted atomic.Bool // attempts run on several workers
	rc := restarts.Config{Strategy: cc.Restart, Unit: cc.Unit, Seed: c.Seed, Workers: c.Workers,
		Total: restarts.Budget{Executions: c.Executions, Time: c.Time}}
	if cc.Env == envgen.Universal && c.Strategy == "dfs" {
		rc.Strategy = "none" // one universal environment, explored in full
	}
	out, err := restarts.Run(rc, func(i int, seed uint64, b restarts.Budget) (restarts.Result, error) {
		plan := envgen.Draw(comp, cc.Env, cc.Goroutines, cc.MaxCalls, seed)
		o := c.Options
		o.Seed, o.Executions, o.Time, o.Workers = seed, b.Executions, b.Time, 1
		if o.Executions == 0 {
			o.Executions = 1 << 30
		}
		r, err := explore(plan, o)
		if err != nil {
			return restarts.Result{}, err
		}
		exhausted.Store(r.Exhausted) // read only for a single attempt
		return restarts.Result{Found: r.Failure != nil, Exhausted: r.Exhausted, Executions: r.Executions,
			Bug: found{plan, r, seed}}, nil
	})
	if err != nil {
		return nil, err
	}
	rep.Attempts, rep.Executions = out.Attempts, out.Executions
	if out.Found != nil {
		fd := out.Found.Bug.(found)
		plan, f, err := shrinkPlan(fd.plan, fd.rep.Failure, fd.seed, c.Options, explore)
		if err != nil {
			return nil, err
		}
		rep.Failure, rep.Plan = f, plan
		rep.Token = plan.Encode() + "." + f.Schedule.Token()
	} else if rc.Strategy == "none" {
		rep.Exhausted = exhausted.Load()
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// componentTarget runs plan in the test's mcheck.Component call.
func componentTarget(t sched.Target, comp *envgen.Component, plan *envgen.Plan) sched.Target {
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	return sched.Target{
		Prog: t.Prog,
		Test: true,
		Start: func(m *ssainterp.Machine) error {
			m.SetHosted(&hosted{run: &componentRun{comp: comp, plan: plan}})
			return t.Start(m)
		},
		Describe: func(m *ssainterp.Machine) string {
			ids, calls, results := m.Hosted().(*hosted).run.ran(m)
			ran := &envgen.Plan{Env: envgen.Random, Threads: calls}
			if plan.Env == envgen.Random {
				ran.Threads = plan.Threads
			}
			started := make([]int, len(calls))
			for g, cs := range calls {
				started[g] = len(cs)
			}
			return ran.Describe(comp, pr, ids, results, started)
		},
	}
}

const (
	shrinkExecutions = 500
	shrinkTotal      = 5 * time.Second
)

func shrinkPlan(plan *envgen.Plan, f *sched.Failure, seed uint64, o sched.Options, explore func(*envgen.Plan, sched.Options) (*sched.Report, error)) (*envgen.Plan, *sched.Failure, error) {
	if plan.Env != envgen.Random {
		return plan, f, nil
	}
	o.Seed, o.Executions, o.Time, o.Workers, o.Replay = seed, shrinkExecutions, 0, 1, ""
	deadline := time.Now().Add(shrinkTotal)
	for changed := true; changed && time.Now().Before(deadline); {
		changed = false
		for g := len(plan.Threads) - 1; g >= 0; g-- {
			for j := len(plan.Threads[g]) - 1; j >= 0 && time.Now().Before(deadline); j-- {
				cand := plan.Without(g, j)
				if cand.Calls() == 0 {
					continue
				}
				r, err := explore(cand, o)
				if err != nil {
					return nil, nil, err
				}
				if g := r.Failure; g != nil && g.Kind == f.Kind {
					plan, f, changed = cand, g, true
				}
			}
		}
	}
	return plan, f, nil
}

// splitToken splits a component replay token, "e1.<environment>.v1.<schedule>".
func splitToken(tok string) (*envgen.Plan, string, error) {
	tok = strings.TrimSpace(tok)
	i := strings.Index(tok, ".v1.")
	if !strings.HasPrefix(tok, "e1.") || i < 0 {
		return nil, "", fmt.Errorf("%q is not a component replay token (e1.….v1.…)", tok)
	}
	plan, err := envgen.Decode(tok[:i])
	if err != nil {
		return nil, "", err
	}
	return plan, tok[i+1:], nil
}

// Probe runs the test that t starts alone, on the first enabled
// goroutine at each step, up to its mcheck.Component or mcheck.Run call,
// and returns what it learnt there: the constructor and the values
// (Component), and the options of the call.
func Probe(t sched.Target) (*ProbeResult, error) {
	var got ProbeResult
	m := t.Prog.NewMachine(ssainterp.Config{Hosted: &hosted{probe: &got}, MaxSteps: 10_000_000})
	if err := t.Start(m); err != nil {
		return nil, err
	}
	for steps := 0; !m.Done() && steps < 1_000_000; steps++ {
		en := m.Enabled()
		if len(en) == 0 {
			if m.AdvanceClock() {
				continue
			}
			break
		}
		m.StepID(en[0])
	}
	res := m.Finish()
	if res.Fault != nil {
		return nil, fmt.Errorf("mcheck could not run the test up to mcheck.Component or mcheck.Run: %w", res.Fault)
	}
	if got.Ctor == "" && !got.Run {
		_, stderr := m.Output()
		msg := "the test did not reach its mcheck.Component or mcheck.Run call when run alone"
		if out := m.TestOutcome(); out.Failed {
			msg += ": " + strings.Join(out.Log, "; ")
		} else if stderr != "" {
			msg += ": " + firstLine(stderr)
		}
		return nil, errors.New(msg)
	}
	return &got, nil
}

// extract builds the component from what the probe learnt and the
// options.
func extract(got *ProbeResult, o ComponentConfig) (*envgen.Component, error) {
	opts := o.Options
	for i, ut := range got.User {
		src := fmt.Sprintf("values[%d]", i)
		if i < len(o.Values) {
			src = fmt.Sprintf("%#v", o.Values[i])
		}
		opts.User = append(opts.User, envgen.UserValue{Type: ut, Src: src})
	}
	return envgen.Extract(got.Ctor, got.Sig, opts)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// locateCaller finds the package and name of the running top-level test
// from the call stack (the constructor may be another package's).
func locateCaller(t *testing.T) (pkgPath, testName string, err error) {
	testName, _, _ = strings.Cut(t.Name(), "/")
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		fr, more := frames.Next()
		if i := strings.LastIndex(fr.Function, "."+testName); i >= 0 && (strings.HasSuffix(fr.Function, "."+testName) || strings.HasPrefix(fr.Function[i+len(testName)+1:], ".func")) {
			return fr.Function[:i], testName, nil
		}
		if !more {
			break
		}
	}
	return "", "", fmt.Errorf("cannot find the test %s on the stack of mcheck.Component", testName)
}

// Checking a component from a scenario: a package's own tests ask for
// the report of a scenario function (say, func checkCache(t *testing.T)
// { mcheck.Component(t, NewCache) }) rather than a failed test.

type capture struct {
	pkg, name string
	over      func(*Config)
	rep       *ComponentReport
	err       error
}

func (c *capture) cfg(base Config) Config {
	if c.over != nil {
		c.over(&base)
	}
	return withComponentFlags(base)
}

var capturing *capture

// CheckScenario runs scenario, a named function of the calling test
// package that calls mcheck.Component, and returns what the check found
// instead of failing a test. over, if not nil, changes the scenario's
// configuration (the seed, the budget). It must not run in parallel
// with another CheckComponent.
func CheckScenario(t *testing.T, scenario func(*testing.T), over func(*Config)) (*ComponentReport, error) {
	fn := runtime.FuncForPC(reflect.ValueOf(scenario).Pointer())
	name := fn.Name()
	i := strings.LastIndex(name, ".")
	if i < 0 || strings.Contains(name[i:], "func") {
		return nil, fmt.Errorf("the scenario must be a named function, not %s", name)
	}
	capturing = &capture{pkg: name[:i], name: name[i+1:], over: over}
	defer func() { capturing = nil }()
	c := capturing
	scenario(t)
	if c.rep == nil && c.err == nil {
		return nil, fmt.Errorf("%s did not call mcheck.Component", name)
	}
	return c.rep, c.err
}
