package check

import (
	"fmt"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

// ComponentReport is the outcome of checking a component.
type ComponentReport struct {
	Component  *envgen.Component
	Failure    *sched.Failure // nil: no bug
	Plan       *envgen.Plan   // the environment of the failure (shrunk)
	Token      string         // replays the failure: environment and schedule, without identity
	Attempts   int            // environments tried (an attempt of the restarts tries another when one is discarded)
	Executions int
	// Inconclusive counts the executions that went on past the step
	// bound (or that the time budget cut) and were discarded.
	Inconclusive int
	Elapsed      time.Duration
	Exhausted    bool // a single environment (no restarts) was explored completely
	// Discarded counts the failures a sequential order of their
	// environment's calls shows too (baseline.go): not concurrency
	// bugs, so the search went on; Why says why the first was.
	Discarded int
	Why       string
	// Undecided counts the failures found as the time budget ran out,
	// before the sequential baseline decided them (neither reported
	// nor discarded; saved in the test's corpus, so that the next run
	// replays and decides them first); UndecidedKind is the first's.
	Undecided     int
	UndecidedKind string
	// NotStarted says the failure came before the environment's
	// goroutines started (in the constructor or the init method): no
	// method of the environment ran, and none is blamed.
	NotStarted bool
	FromCorpus bool // the failure is one saved in the corpus
	Replayed   bool // the environment and schedule of a replay token ran, not a search
	// Shard is the part of the search this check ran (Config.Shard):
	// its restart loop ran from a seed of its own (sched.Shard.Seed).
	Shard sched.Shard

	// Note is about the search: a saved EDA model that was ignored, and why (eda.go).
	Note string
	// Coverage is what the attempts covered together.
	Coverage Coverage
}

// text says what the attempts of a component check covered, as the
// clean line shows it after "no bug": "; 40 ordering pairs and 6 method
// pairs covered, none new in the last 3000 executions".
func (c Coverage) text() string {
	if c.Pairs == 0 && c.MethodPairs == 0 {
		return ""
	}
	s := fmt.Sprintf("; %d ordering pairs and %d method pairs covered, none new in the last %d executions", c.Pairs, c.MethodPairs, c.Stale)
	if c.Saturated {
		s += " (saturated: stopped before the budget)"
	}
	return s
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
	if rep.NotStarted {
		return fmt.Sprintf("note: the failure came before any call, in %s: no method ran, and none is to blame\n", BuiltString(comp, rep.Plan))
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

// BuiltString spells the calls that build plan's component of comp:
// "NewPool(0)", and "; Init(…)" after it if comp has an init method.
func BuiltString(comp *envgen.Component, plan *envgen.Plan) string {
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	name := comp.Ctor
	if strings.Contains(name, " ") { // "the function literal at x_test.go:16"
		name = "(" + name + ")"
	}
	s := name + "(" + envgen.Args(pr, comp.Params, plan.NewArgs, comp.CtorSig.Variadic()) + ")"
	if comp.Init != nil {
		s += "; " + comp.Init.Name + "(" + envgen.Args(pr, comp.Init.Params, plan.Init, comp.Init.Sig.Variadic()) + ")"
	}
	return s
}
