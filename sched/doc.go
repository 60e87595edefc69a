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
// timer is pending), an unrecovered panic or fatal error, a livelock, a
// non-zero exit status, optionally goroutines still blocked when the
// program ends (not those waiting for a pending timer: a janitor on its
// ticker is not blocked forever), and nondeterminism (a replay that
// diverges from its schedule).
//
// Time is not a barrier (fair.go, Clock): firing the earliest pending
// timer is an alternative at every choice point where its deadline is
// within Options.TimerHorizon (2ms by default) of the earliest time since
// which a goroutine has been runnable (see stalls), and the only move
// when nothing else can run. A report whose schedule fired a
// timer early says so ("timing-dependent: the 2ms timer (time.AfterFunc
// at context.go:652) fired before goroutine 2 ran (main.go:16)").
// Options.TimeBarrier restores the old rule (timers fire only when
// nothing can run).
//
// The step bound (Options.MaxSteps) is a budget, not an oracle: an
// execution that reaches it goes on under a fair round-robin scheduler,
// and is a livelock only if it then makes no progress (the same cycle of
// operations repeats with no write, no goroutine started or finished and
// no timer left to fire; the report shows the cycle). One that still
// makes progress when the fair budget is spent is inconclusive: counted
// in Report.Inconclusive, never reported. The interpreter's bound on loop
// iterations without a visible operation is mcheck's limit too: an error
// naming where it was reached, not a bug of the program. A failure found is shrunk (fewer choices and context
// switches) and replayed with a trace, formatted by Failure.Format as a
// table with one column per goroutine.
//
// Executions derive their seeds from the exploration's seed and their
// index, and the failure with the lowest index is reported, so the
// result does not depend on the number of parallel workers.
//
// A goroutine that yields with runtime.Gosched is scheduled after the
// goroutines that could run when it yielded (CHESS's fair scheduling, for
// a bounded number of steps), so spin loops neither starve the goroutine
// they wait for nor rule out the orders where the yielder goes first.
//
// Not yet: dynamic partial-order reduction, state fingerprints, and the
// guided heuristics and restarts of the seeds.
package sched
