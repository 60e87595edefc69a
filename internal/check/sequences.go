package check

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/sched"
)

// WarningsGuide is the -mcheck.guide value that makes guided test follow
// the warnings of the analyzers (package envgen/detect: lock-order
// cycles, waits under a lock, mixed and missing locks, split critical
// sections) on the package under test, to tell a feasible warning from
// an infeasible one: "is this warning real?", the question guided test
// was made for (Rungta and Mercer, "A Meta Heuristic for Effectively
// Detecting Concurrency Errors", HVC 2008).
const WarningsGuide = "warnings"

// A sequence is one of several that guided test follows in turn: an
// analyzer's warning (its reported position, then the other positions it
// names) or a race of a race report.
type sequence struct {
	msg  string
	locs []heuristics.Location
}

// warningsOf returns the findings of the analyzers on the package pkg of
// target's program, each with its sequence.
func warningsOf(target sched.Target, pkg string) ([]sequence, error) {
	prog := target.Prog.SSA()
	var found *ssa.Package
	for _, p := range prog.AllPackages() {
		if p.Pkg.Path() == pkg {
			found = p
		}
	}
	if found == nil {
		return nil, fmt.Errorf("-mcheck.guide=%s: package %s is not in the program", WarningsGuide, pkg)
	}
	var ws []sequence
	for _, f := range detect.DetectPackage(prog.Fset, found) {
		at := prog.Fset.Position(f.Pos)
		w := sequence{msg: fmt.Sprintf("%s (%s:%d)", f.Message(), filepath.Base(at.Filename), at.Line)}
		for _, p := range append([]token.Pos{f.Pos}, f.Related...) {
			pos := prog.Fset.Position(p)
			l := heuristics.Location{File: filepath.Base(pos.Filename), Line: pos.Line}
			if pos.IsValid() && (len(w.locs) == 0 || w.locs[len(w.locs)-1] != l) {
				w.locs = append(w.locs, l)
			}
		}
		if len(w.locs) > 0 {
			ws = append(ws, w)
		}
	}
	return ws, nil
}

// exploreSequences runs guided test along each sequence of c in turn
// (the analyzers' warnings on id's package, or the races of a race
// report), each with an equal share of c's budget, and stops at the
// first that leads to a failure: a hint confirmed by a real, replayable
// schedule. The others are listed in the report's note as not confirmed
// within their share, which is not a proof that they are infeasible.
func exploreSequences(target sched.Target, id ID, c Config) (*RunReport, error) {
	what := "warning of the analyzers"
	var seqs []sequence
	if c.Guided.Warnings {
		var err error
		if seqs, err = warningsOf(target, id.Pkg); err != nil {
			return nil, err
		}
		if len(seqs) == 0 {
			// Nothing to explore: the test is not checked, which a clean
			// verdict would hide.
			return nil, fmt.Errorf("%s was not checked: guided test along the analyzers' warnings, and %s has none (give locations with -mcheck.guide=file.go:line,... or use another strategy)", id.Test, id.Pkg)
		}
	} else {
		what = "race of the report"
		for _, r := range c.Guided.Races {
			var at []string
			for _, l := range r {
				at = append(at, l.String())
			}
			seqs = append(seqs, sequence{msg: strings.Join(at, " → "), locs: r})
		}
	}
	share := c.Options
	if share.Executions > 0 {
		share.Executions = max(share.Executions/len(seqs), 1)
	}
	if share.Time > 0 {
		share.Time = max(share.Time/time.Duration(len(seqs)), time.Millisecond)
	}
	var (
		last       *sched.Report
		unproved   []string
		executions int
	)
	for _, q := range seqs {
		cq := c
		cq.Guided.Locations, cq.Guided.Races, cq.Guided.Warnings = q.locs, nil, false
		if err := cq.UseGuided(); err != nil {
			return nil, err
		}
		o := share
		o.Custom = cq.Custom
		rep, err := sched.Explore(target, o)
		if err != nil {
			return nil, err
		}
		executions += rep.Executions
		last = rep
		if rep.Failure != nil {
			note := fmt.Sprintf("confirmed the %s %s", what, q.msg)
			if len(unproved) > 0 {
				note += "; not confirmed before it: " + strings.Join(unproved, "; ")
			}
			return &RunReport{Report: rep, Note: note}, nil
		}
		unproved = append(unproved, q.msg)
	}
	last.Executions = executions
	which := fmt.Sprintf("any of the %d sequences (each %s)", len(seqs), what)
	if len(seqs) == 1 {
		which = "the one " + what
	}
	return &RunReport{Report: last, Note: fmt.Sprintf("guided test did not confirm %s within %d executions (a share each), which does not prove it infeasible: %s",
		which, executions, strings.Join(unproved, "; "))}, nil
}
