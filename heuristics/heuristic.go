package heuristics

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mcheck-dev/mcheck/sched"
)

// A Location is a program location a guided search steers toward: a
// source line, named as go test -race and tracebacks name it
// ("cache.go:41"). File matches a file whose path ends in it at a
// path-separator boundary.
type Location struct {
	File string
	Line int
}

func (l Location) String() string { return l.File + ":" + strconv.Itoa(l.Line) }

// ParseLocation parses "file.go:41".
func ParseLocation(s string) (Location, error) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return Location{}, fmt.Errorf("location %q: want file.go:line", s)
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n <= 0 {
		return Location{}, fmt.Errorf("location %q: want file.go:line with a positive line", s)
	}
	return Location{File: s[:i], Line: n}, nil
}

// Unreachable is the estimate of a heuristic that sees no way to a goal.
const Unreachable = math.MaxInt32

// A Heuristic is a secondary heuristic of guided test (Rungta and
// Mercer 2008, Sect. 3): it estimates how far the
// successor a choice leads to is from the next location of the input
// sequence; lower is closer.
type Heuristic interface {
	// Name is the heuristic's name in reports and benchmark tables:
	// "pfsm", "fsm", "random", "prefer", "most-blocked".
	Name() string
	// Begin is called at the start of every execution of the search,
	// with the execution the estimates are asked about.
	Begin(ex *sched.Execution)
	// Estimate estimates the distance to goal of the state reached
	// when goroutine g (or sched.Clock) moves next, or Unreachable.
	Estimate(g int, goal Location) int
}
