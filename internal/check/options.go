package check

import (
	"fmt"
	"time"
)

// The option table: package mcheck's options that mcheck test reads from
// the interpreted call (interp.go's testOptions), where go test has them
// natively. An option's function (mcheck.Budget) returns a function
// literal that captures the function's parameters; the table names each
// option's parameters with their kinds, in order, and applies their
// values with the same setters as the flags (flags.go) and the native
// options. A parameter the call did not capture under its name is an
// error, not a zero value: a parameter renamed in package mcheck fails
// the check (and TestOptionTableMatchesMcheck) instead of being dropped.
// Adding an option is one line here.

// paramKind is the kind of an option's parameter, as the interpreter
// gives its value (ssainterp.Value.Interface).
type paramKind int

const (
	pUint64   paramKind = iota // uint64
	pInt                       // an int: int64
	pDuration                  // a time.Duration: int64
	pString                    // a string, or a named string type of package mcheck
	pStrings                   // a ...string: []string
)

// optionParam is one parameter of an option's function.
type optionParam struct {
	name string
	kind paramKind
}

// optionDef is one option of package mcheck: its function's name, its
// parameters, and how their values apply (what names the option for
// refusals, "mcheck.Budget").
type optionDef struct {
	name   string
	params []optionParam
	apply  func(c *Config, what string, a []any)
}

func p(name string, kind paramKind) optionParam { return optionParam{name, kind} }

// optionTable lists package mcheck's options that mcheck test reads
// (mcheck.Values is read by the interpreter itself).
var optionTable = []optionDef{
	{"Seed", []optionParam{p("seed", pUint64)}, func(c *Config, _ string, a []any) { c.Seed = a[0].(uint64) }},
	{"Budget", []optionParam{p("d", pDuration)}, func(c *Config, w string, a []any) { c.SetBudget(w, a[0].(time.Duration)) }},
	{"Executions", []optionParam{p("n", pInt)}, func(c *Config, w string, a []any) { c.SetExecutions(w, a[0].(int)) }},
	{"Strategy", []optionParam{p("name", pString)}, func(c *Config, w string, a []any) { c.SetStrategy(w, a[0].(string)) }},
	{"Preemptions", []optionParam{p("n", pInt)}, func(c *Config, w string, a []any) { c.SetPreemptions(w, a[0].(int)) }},
	{"Steps", []optionParam{p("n", pInt)}, func(c *Config, w string, a []any) { c.SetSteps(w, a[0].(int)) }},
	{"Workers", []optionParam{p("n", pInt)}, func(c *Config, w string, a []any) { c.SetWorkers(w, a[0].(int)) }},
	{"SyncOnly", nil, func(c *Config, _ string, _ []any) { c.SyncOnly = true }},
	{"NoRaces", nil, func(c *Config, _ string, _ []any) { c.NoRaces = true }},
	{"Replay", []optionParam{p("token", pString)}, func(c *Config, _ string, a []any) { c.Replay = a[0].(string) }},
	{"TimeBarrier", nil, func(c *Config, _ string, _ []any) { c.TimeBarrier = true }},
	{"TimerHorizon", []optionParam{p("d", pDuration)}, func(c *Config, _ string, a []any) { c.TimerHorizon = a[0].(time.Duration) }},
	// The package is loaded before the test's options are read: under
	// mcheck test, -tags decides.
	{"Tags", []optionParam{p("tags", pStrings)}, func(c *Config, _ string, a []any) { c.Tags = append(c.Tags, a[0].([]string)...) }},
	{"Methods", []optionParam{p("names", pStrings)}, func(c *Config, _ string, a []any) {
		c.Component.Include = append(c.Component.Include, a[0].([]string)...)
	}},
	{"Exclude", []optionParam{p("names", pStrings)}, func(c *Config, _ string, a []any) {
		c.Component.Exclude = append(c.Component.Exclude, a[0].([]string)...)
	}},
	{"Init", []optionParam{p("method", pString)}, func(c *Config, _ string, a []any) { c.Component.Init = a[0].(string) }},
	{"Finish", []optionParam{p("method", pString)}, func(c *Config, _ string, a []any) { c.Component.Finish = a[0].(string) }},
	{"Protocol", []optionParam{p("p", pString)}, func(c *Config, _ string, a []any) { c.Component.Protocol = a[0].(string) }},
	{"Linearizable", nil, func(c *Config, _ string, _ []any) { c.Component.Linearizable = true }},
	{"Goroutines", []optionParam{p("n", pInt)}, func(c *Config, w string, a []any) { c.SetGoroutines(w, a[0].(int)) }},
	{"Environment", []optionParam{p("kind", pString), p("calls", pInt)}, func(c *Config, w string, a []any) {
		c.SetEnvironment(w, a[0].(string), a[1].(int))
	}},
	{"Restarts", []optionParam{p("strategy", pString), p("unit", pInt)}, func(c *Config, w string, a []any) {
		c.SetRestarts(w, a[0].(string), a[1].(int))
	}},
	{"Guide", []optionParam{p("locations", pStrings)}, func(c *Config, w string, a []any) { c.SetGuide(w, a[0].([]string)...) }},
	{"Heuristic", []optionParam{p("name", pString)}, func(c *Config, w string, a []any) { c.SetHeuristic(w, a[0].(string)) }},
	{"Prefer", []optionParam{p("sites", pStrings)}, func(c *Config, w string, a []any) { c.SetPrefer(w, a[0].([]string)...) }},
	// mcheck.Check's own: its outcome goes to the native caller.
	{"into", nil, func(*Config, string, []any) {}},
}

// ReadOptions applies options read from an interpreted call to c, through
// the option table. An option that is not one of package mcheck's cannot
// be read.
func ReadOptions(c *Config, opts []TestOption) error {
	for _, o := range opts {
		if err := readOption(c, o); err != nil {
			return err
		}
	}
	return nil
}

func readOption(c *Config, o TestOption) error {
	if o.Unreadable {
		return fmt.Errorf("mcheck test cannot read the option %s: it is not one of package mcheck's (go test applies it)", o.Name)
	}
	for _, d := range optionTable {
		if d.name != o.Name {
			continue
		}
		args := make([]any, len(d.params))
		for i, p := range d.params {
			raw, captured := o.Args[p.name]
			v, ok := p.value(raw)
			if !captured || !ok {
				return fmt.Errorf("mcheck test cannot read the option mcheck.%s: its parameter %s is not a captured %v (%#v)", o.Name, p.name, p.kind, o.Args[p.name])
			}
			args[i] = v
		}
		d.apply(c, "mcheck."+o.Name, args)
		return nil
	}
	return fmt.Errorf("mcheck test cannot apply the option mcheck.%s", o.Name)
}

// value converts v, a parameter's value as the interpreter gives it, to
// the kind's Go type.
func (p optionParam) value(v any) (any, bool) {
	switch p.kind {
	case pUint64:
		u, ok := v.(uint64)
		return u, ok
	case pInt:
		n, ok := v.(int64)
		return int(n), ok
	case pDuration:
		n, ok := v.(int64)
		return time.Duration(n), ok
	case pString:
		s, ok := v.(string)
		return s, ok
	case pStrings:
		if v == nil {
			return []string(nil), true // no values given: a nil slice
		}
		s, ok := v.([]string)
		return s, ok
	}
	return nil, false
}

func (k paramKind) String() string {
	return [...]string{"uint64", "int", "time.Duration", "string", "[]string"}[k]
}
