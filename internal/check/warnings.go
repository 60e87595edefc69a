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
// an infeasible one: "is this warning real?" (issue 14).
const WarningsGuide = "warnings"

// A warning is an analyzer finding as a sequence for guided test: its
// reported position, then the other positions it names.
type warning struct {
	msg  string
	locs []heuristics.Location
}

// warningsOf returns the findings of the analyzers on the package pkg of
// target's program, each with its sequence.
func warningsOf(target sched.Target, pkg string) ([]warning, error) {
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
	var ws []warning
	for _, f := range detect.DetectPackage(prog.Fset, found) {
		at := prog.Fset.Position(f.Pos)
		w := warning{msg: fmt.Sprintf("%s (%s:%d)", f.Message(), filepath.Base(at.Filename), at.Line)}
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

// exploreWarnings runs guided test along each warning of the analyzers
// on id's package in turn, each with an equal share of c's budget, and
// stops at the first that leads to a failure: a warning confirmed by a
// real, replayable schedule. The others are listed in the report's note
// as not confirmed within their share, which is not a proof that they
// are infeasible.
func exploreWarnings(target sched.Target, id ID, c Config) (*RunReport, error) {
	ws, err := warningsOf(target, id.Pkg)
	if err != nil {
		return nil, err
	}
	if len(ws) == 0 {
		return &RunReport{Report: &sched.Report{Exhausted: false}, Note: fmt.Sprintf("guided test along the analyzers' warnings: %s has none, nothing was explored", id.Pkg)}, nil
	}
	share := c.Options
	if share.Executions > 0 {
		share.Executions = max(share.Executions/len(ws), 1)
	}
	if share.Time > 0 {
		share.Time = max(share.Time/time.Duration(len(ws)), time.Millisecond)
	}
	var (
		total      *sched.Report
		unproved   []string
		executions int
	)
	for _, w := range ws {
		o := share
		cw := c
		cw.Guided.Locations, cw.Guided.Warnings = w.locs, false
		if err := cw.useGuided(); err != nil {
			return nil, err
		}
		o.Custom = cw.Custom
		rep, err := sched.Explore(target, o)
		if err != nil {
			return nil, err
		}
		executions += rep.Executions
		total = rep
		if rep.Failure != nil {
			note := "confirmed the warning " + w.msg
			if len(unproved) > 0 {
				note += "; not confirmed before it: " + strings.Join(unproved, "; ")
			}
			return &RunReport{Report: rep, Note: note}, nil
		}
		unproved = append(unproved, w.msg)
	}
	total.Executions = executions
	what := fmt.Sprintf("any of the %d warnings of the analyzers", len(ws))
	if len(ws) == 1 {
		what = "the analyzers' one warning"
	}
	return &RunReport{Report: total, Note: fmt.Sprintf("guided test did not confirm %s within %d executions (a share each), which does not prove it infeasible: %s",
		what, executions, strings.Join(unproved, "; "))}, nil
}
