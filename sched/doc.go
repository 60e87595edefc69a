// Package sched explores the interleavings of a program run by package
// ssainterp and reports the first concurrency bug it finds.
//
// An exploration (Explore) runs one execution after another on fresh
// machines. At every choice point of an execution, which is each point
// where more than one goroutine can perform its next visible operation,
// and each select with several ready cases, a Strategy decides:
//
//   - portfolio (the default): random and pct on alternate executions;
//   - random: a seeded random walk;
//   - pct: probabilistic concurrency testing with priority change points
//     (Burckhardt et al., ASPLOS 2010);
//   - dfs: stateless depth-first enumeration of every schedule up to a
//     preemption bound (iterative context bounding, Musuvathi and Qadeer,
//     PLDI 2007); unbounded, it proves a small program free of the bugs
//     the oracles see ("explored all 126 schedules, no bug");
//   - replay: a recorded Schedule, encoded as a short token.
//
// By default loads and stores of memory that more than one goroutine has
// touched are choice points too, and every access is checked for data
// races against the happens-before order (vector clocks; see ssainterp's
// memory.go); Options.SyncOnly and Options.NoRaces turn these off. dfs
// prunes schedules that differ only in the order of independent
// operations with sleep sets.
//
// The oracles: a data race, a global deadlock (nothing can move and no
// timer is pending), an unrecovered panic or fatal error, a livelock (a bound on
// scheduling steps per execution, and the interpreter's bound on loop
// iterations), a non-zero exit status, optionally goroutines still blocked
// when the program ends, and nondeterminism (a replay that diverges from
// its schedule). A failure found is shrunk (fewer choices and context
// switches) and replayed with a trace, formatted by Failure.Format as a
// table with one column per goroutine.
//
// Executions derive their seeds from the exploration's seed and their
// index, and the failure with the lowest index is reported, so the
// result does not depend on the number of parallel workers.
//
// A goroutine that yields with runtime.Gosched is not scheduled again
// while another can run (CHESS's fair scheduling, simplified), so spin
// loops do not make false livelocks.
//
// Not yet: dynamic partial-order reduction, state fingerprints, and the
// guided heuristics and restarts of the seeds.
package sched
