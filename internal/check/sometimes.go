package check

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// SometimesNeverHeld is the verdict (Result.Verdict, Report.Kind) of an
// exploration that found no bug but in which the condition of an
// mcheck.Sometimes call held in no execution.
const SometimesNeverHeld = "sometimes never held"

// A SometimesSite is a call site of mcheck.Sometimes whose condition
// held in no explored execution.
type SometimesSite struct {
	Pos     string // "file_test.go:31"
	Msg     string // the call's message ("" if never reached)
	Reached int    // how many times executions reached the call (0: none did)
}

// sometimes records, for each call site of mcheck.Sometimes that the
// executions of one exploration reach, whether its condition held in
// one of them. Executions run on several workers at once: it is used
// under its lock.
type sometimes struct {
	mu    sync.Mutex
	sites map[string]*sometimesSite
	order []string // the positions, static ones first, then as reached
}

type sometimesSite struct {
	msg     string
	held    bool
	reached int
}

// newSometimes returns a recorder that knows the call sites of
// mcheck.Sometimes in the test function of id and its function
// literals (prog.CallSites), so that a call no execution reaches is
// reported too.
func newSometimes(prog *ssainterp.Program, id ID) *sometimes {
	s := &sometimes{sites: map[string]*sometimesSite{}}
	if pid, ok := prog.TestPackage(id.Pkg); ok {
		for _, pos := range prog.CallSites(pid, id.Test, mcheckPath+".Sometimes") {
			s.sites[pos] = &sometimesSite{}
			s.order = append(s.order, pos)
		}
	}
	return s
}

// record records that an execution reached the call at pos with
// condition cond.
func (s *sometimes) record(pos, msg string, cond bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	site := s.sites[pos]
	if site == nil {
		site = &sometimesSite{}
		s.sites[pos] = site
		s.order = append(s.order, pos)
	}
	site.msg = msg
	site.held = site.held || cond
	site.reached++
}

// watch returns target with each execution recording its mcheck.Sometimes
// calls in s (the hosted state of a machine that has none).
func (s *sometimes) watch(target sched.Target) sched.Target {
	start := target.Start
	target.Start = func(m *ssainterp.Machine) error {
		if m.Hosted() == nil {
			m.SetHosted(&hosted{sometimes: s})
		}
		return start(m)
	}
	return target
}

// unmet returns the sites whose condition never held, in order.
func (s *sometimes) unmet() []SometimesSite {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []SometimesSite
	for _, pos := range s.order {
		if site := s.sites[pos]; !site.held {
			out = append(out, SometimesSite{Pos: pos, Msg: site.msg, Reached: site.reached})
		}
	}
	return out
}

// sometimesHook records a call of mcheck.Sometimes(t, cond, msg) in the
// exploration's recorder; without one (a probe, mcheck.Component's
// executions) the call does nothing.
func sometimesHook(c *ssainterp.HookCall) {
	if s := stateOf(c).sometimes; s != nil {
		cond, _ := c.Arg(1).Interface().(bool)
		msg, _ := c.Arg(2).Interface().(string)
		s.record(c.Position(), msg, cond)
	}
}

// sometimesMessage says which mcheck.Sometimes conditions held in none
// of the executions of rep: the report's message.
func sometimesMessage(unmet []SometimesSite, rep *sched.Report) string {
	var b strings.Builder
	for i, u := range unmet {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s: ", u.Pos)
		if u.Msg != "" {
			fmt.Fprintf(&b, "%q: ", u.Msg)
		}
		switch {
		case u.Reached == 0:
			b.WriteString("mcheck.Sometimes was reached in no execution")
		case rep.Exhausted:
			fmt.Fprintf(&b, "the condition was false in all %d schedules (%s; reached %d times)", rep.Executions, rep.Strategy, u.Reached)
		default:
			fmt.Fprintf(&b, "the condition was false in every execution of %d explored (%s; reached %d times)", rep.Executions, rep.Strategy, u.Reached)
		}
	}
	return b.String()
}

// sometimesLocations are the positions of unmet.
func sometimesLocations(unmet []SometimesSite) []string {
	var out []string
	for _, u := range unmet {
		if !slices.Contains(out, u.Pos) {
			out = append(out, u.Pos)
		}
	}
	return out
}
