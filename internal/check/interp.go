package check

// This file is all the check layer says to the interpreter: the host of
// every load (the hooks of mcheck.Run, mcheck.Component and
// mcheck.Choose, and which packages are mcheck's own), the probe that
// runs a test up to its call, the target that runs an environment in it,
// and reading the options of the call for mcheck test, where they are
// not native values.

import (
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// mcheck is the interpreter's host: package mcheck's entry points that a
// test calls are hooks (ssainterp.Host), and mcheck's own packages are
// never interpreted. Inside an interpreted test:
//   - mcheck.Run(t, body, ...) calls body(t): the exploration happens
//     outside, one execution of the whole test after another;
//   - mcheck.Component(t, New, ...) drives the component through the
//     environment of the execution (an ssainterp.Harness that package
//     component's ComponentDriver builds from an envgen.Plan);
//   - mcheck.Choose(n) is a choice point;
//   - mcheck.Sometimes(t, cond, msg) records whether cond held, for the
//     exploration to tell at its end (sometimes.go);
//   - the options are interpreted as ordinary Go (closures of package
//     mcheck's functions), which is how mcheck test reads them.
//
// An execution whose state is a probe instead learns the call (the
// constructor's signature, the user's values, the options) and ends
// there.

const mcheckPath = "github.com/mcheck-dev/mcheck"

// Host is the interpreter host of every load of a test.
var Host = &ssainterp.Host{
	Hooks: map[string]ssainterp.Hook{
		mcheckPath + ".Run":       runHook,
		mcheckPath + ".Component": componentHook,
		mcheckPath + ".Choose":    chooseHook,
		mcheckPath + ".Sometimes": sometimesHook,
	},
	Internal: func(path string) bool {
		rest, ok := strings.CutPrefix(path, mcheckPath+"/")
		return ok && !strings.HasPrefix(rest, "examples/") && !strings.Contains(rest, "testdata/")
	},
}

// hosted is the state of one execution that the hooks see.
type hosted struct {
	probe     *ProbeResult    // set for a probe: the call learnt
	component ComponentDriver // drives the mcheck.Component call
	sometimes *sometimes      // records the mcheck.Sometimes calls of an exploration
}

// A ComponentDriver drives the test's mcheck.Component call in one
// execution (package component's environment): it gives the
// interpreter's harness that makes the environment's calls.
type ComponentDriver interface {
	Harness(ctor ssainterp.Value, user []ssainterp.Value) *ssainterp.Harness
}

// Driving returns the hosted state (ssainterp.Machine.SetHosted) of an
// execution whose mcheck.Component call d drives.
func Driving(d ComponentDriver) any { return &hosted{component: d} }

// DriverOf returns the driver of m's mcheck.Component call, or nil.
func DriverOf(m *ssainterp.Machine) ComponentDriver {
	if h, ok := m.Hosted().(*hosted); ok {
		return h.component
	}
	return nil
}

// ProbeResult is what a probe learns at the test's mcheck.Run or
// mcheck.Component call.
type ProbeResult struct {
	Run  bool             // the call was mcheck.Run (only Options is set)
	Ctor string           // the constructor's name, "NewCache"
	Sig  *types.Signature // its signature
	User []types.Type     // the types of the values given with mcheck.Values, in order
	// UserText spells each of User's values as a Go developer would
	// write it where the interpreter can tell ("" where it cannot; see
	// valueText).
	UserText []string
	Options  []TestOption // the other options of the call
}

// TestOption is an option the test passed to mcheck.Run or
// mcheck.Component, read from the interpreted call, so that mcheck test
// can honour it as go test does: the name of the function of package
// mcheck that made it ("Methods") and the values it captured, by
// parameter name, as Go values (string, int64, uint64, bool, []string).
type TestOption struct {
	Name       string
	Args       map[string]any
	Unreadable bool // not an option of package mcheck: Name is its function's
}

func stateOf(c *ssainterp.HookCall) *hosted {
	h, _ := c.Hosted().(*hosted)
	if h == nil {
		h = &hosted{}
	}
	return h
}

func runHook(c *ssainterp.HookCall) {
	body := c.Arg(1)
	if body.IsNil() {
		c.Panic("mcheck.Run: nil test body")
	}
	if p := stateOf(c).probe; p != nil {
		*p = ProbeResult{Run: true, Options: testOptions(c.Arg(2))}
		c.Exit(0)
	}
	c.Call(body, c.Arg(0).Elem()) // the *testing.T of a TestingT
}

func chooseHook(c *ssainterp.HookCall) {
	n := c.Arg(0).Interface().(int64)
	if n <= 0 {
		c.Panic(fmt.Sprintf("mcheck.Choose(%d): the number of alternatives must be positive", n))
	}
	c.ReturnInt(int64(c.Choose(int(n))))
}

func componentHook(c *ssainterp.HookCall) {
	ctor := c.Arg(1).Elem()
	fn, _ := ctor.Func()
	if fn == nil {
		c.Panic("mcheck.Component: the constructor is nil or not a Go function")
	}
	user := userValues(c, c.Arg(2))
	st := stateOf(c)
	if p := st.probe; p != nil {
		*p = ProbeResult{Ctor: ctorName(fn, c), Sig: fn.Signature, Options: testOptions(c.Arg(2))}
		for _, u := range user {
			p.User = append(p.User, u.Elem().Type())
			p.UserText = append(p.UserText, valueText(u.Elem()))
		}
		c.Exit(0)
	}
	if st.component == nil {
		c.Panic("mcheck.Component outside mcheck.Component's own exploration (run the test with go test)")
	}
	c.Drive(st.component.Harness(ctor, user))
}

// userValues returns the values the options of mcheck.Values hold, in
// order, as interfaces.
func userValues(c *ssainterp.HookCall, opts ssainterp.Value) []ssainterp.Value {
	var out []ssainterp.Value
	for i := range opts.Len() {
		fn, free := optionFunc(opts.Index(i))
		if fn == nil || !isMcheck(fn.Parent()) || fn.Parent().Name() != "Values" {
			continue
		}
		vs := free["vs"]
		for j := range vs.Len() {
			v := vs.Index(j)
			if v.Elem().Type() == nil {
				c.Panic("mcheck.Values: an untyped nil has no type to give values for; write (*T)(nil)")
			}
			out = append(out, v)
		}
	}
	return out
}

// optionFunc is the function of an option value (a func, or an
// interface holding one).
func optionFunc(o ssainterp.Value) (*ssa.Function, map[string]ssainterp.Value) {
	if types.IsInterface(o.Type()) {
		o = o.Elem()
		if o.Type() == nil {
			return nil, nil
		}
	}
	return o.Func()
}

func isMcheck(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == mcheckPath
}

// testOptions reads the options (a []Option) of an mcheck.Run or
// mcheck.Component call; mcheck.Values, whose values are the
// interpreter's, is left out. An option that is not made by a function of
// package mcheck (a user's own) cannot be read: it comes back with the
// name of its function and Unreadable set (go test applies it natively;
// mcheck test cannot).
func testOptions(opts ssainterp.Value) []TestOption {
	var out []TestOption
	for i := range opts.Len() {
		o := opts.Index(i)
		fn, free := optionFunc(o)
		if fn == nil {
			if e := o.Elem(); e.Type() != nil {
				// A value of a type of the test's own, wrapping an
				// option of package mcheck, say.
				out = append(out, TestOption{Name: e.Type().String(), Unreadable: true})
			}
			continue // a nil option: go test would call it and crash
		}
		if !isMcheck(fn.Parent()) {
			out = append(out, TestOption{Name: fn.String(), Unreadable: true})
			continue
		}
		if fn.Parent().Name() == "Values" {
			continue
		}
		opt := TestOption{Name: fn.Parent().Name(), Args: map[string]any{}}
		for name, v := range free {
			opt.Args[name] = v.Interface()
		}
		out = append(out, opt)
	}
	return out
}

// ctorName names the constructor for messages: "NewCache",
// "(*Pool).New", "the function literal at cache_test.go:16".
func ctorName(fn *ssa.Function, c *ssainterp.HookCall) string {
	if fn.Parent() != nil {
		return "the function literal at " + c.Where(fn.Pos())
	}
	name, _, _ := strings.Cut(fn.Name(), "$")
	if r := fn.Signature.Recv(); r != nil {
		name = "(" + types.TypeString(r.Type(), func(*types.Package) string { return "" }) + ")." + name
	}
	return name
}

// LoadTest loads the package in dir with its tests, with build tags, and
// returns the exploration target for its function id.Test.
func LoadTest(dir string, id ID, tags []string) (sched.Target, error) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true, Tags: tags, Host: Host}, ".")
	if err != nil {
		return sched.Target{}, err
	}
	return TestTarget(prog, id, dir)
}

// TestTarget returns the target of the function id.Test of the test
// package id.Pkg of prog (where names the directory in errors).
func TestTarget(prog *ssainterp.Program, id ID, where string) (sched.Target, error) {
	pid, ok := prog.TestPackage(id.Pkg)
	if !ok {
		return sched.Target{}, fmt.Errorf("package %s is not in %s", id.Pkg, where)
	}
	return sched.Target{
		Prog:  prog,
		Test:  true,
		Start: func(m *ssainterp.Machine) error { return m.StartTest(pid, id.Test) },
	}, nil
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
			if m.WakeClock() {
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

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// valueText spells a value the test gave with mcheck.Values as
// internal/component spells a native one (component.readable): a function
// as func@file.go:12, context.Background() and context.TODO(), a string,
// bool or integer as Go syntax; "" for anything else (a context's state
// cannot be read without running its methods).
func valueText(v ssainterp.Value) string {
	if fn, _ := v.Func(); fn != nil && fn.Prog != nil {
		p := fn.Prog.Fset.Position(fn.Pos())
		return fmt.Sprintf("func@%s:%d", filepath.Base(p.Filename), p.Line)
	}
	if n, ok := types.Unalias(v.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" {
		switch n.Obj().Name() {
		case "backgroundCtx":
			return "context.Background()"
		case "todoCtx":
			return "context.TODO()"
		}
		return ""
	}
	switch x := v.Interface().(type) {
	case string:
		return strconv.Quote(x)
	case bool, int64, uint64:
		return fmt.Sprint(x)
	}
	return ""
}
