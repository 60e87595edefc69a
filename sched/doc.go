// Package sched explores the interleavings of a program run by package
// ssainterp and reports the first concurrency bug it finds.
//
// # Executions and choice points
//
// An exploration (Explore) runs one execution after another, each on a
// fresh machine (a worker's last one, released and emptied:
// Machine.Release; when the exploration ends, its workers' last machines
// go to the next exploration of the program). While explorations run, the
// host's collector lets the heap grow by 96 MB over the live heap before
// collecting, unless the process set GOGC, GOMEMLIMIT or its own pacing
// (gc.go). A goroutine runs its invisible code (what touches only
// memory it still owns; see ssainterp's memory.go) in one step, up to its
// next visible operation: a channel operation, a lock, an atomic, a
// go statement, a sleep, and by default a load or store of memory that
// another goroutine has touched. Where more than one goroutine can
// perform its next visible operation, or a select has several ready
// cases, or the program asks for a choice (mcheck.Choose), the
// execution is at a choice point, and a Strategy decides:
//
//   - random+pct (RandomPCT, the default): random and pct on alternate
//     executions (package mcheck's "portfolio" runs it for the first
//     half of its budget, then the EDA search of package heuristics);
//   - random: a seeded random walk;
//   - pct: probabilistic concurrency testing with priority change points
//     (Burckhardt et al., ASPLOS 2010);
//   - dfs: stateless depth-first enumeration of every schedule up to a
//     preemption bound (iterative context bounding, Musuvathi and Qadeer,
//     PLDI 2007), reduced by source-DPOR with sleep sets (Abdulla et
//     al., POPL 2014; see dpor.go); unbounded, it proves a small program
//     free of the bugs the oracles see ("explored all 126 schedules, no
//     bug"); Options.StateCaching makes it a stateful search instead
//     (see fingerprint.go);
//   - replay: a recorded Schedule, given as a token.
//
// Strategies is the table of these by name (adding one is one line
// there); each is made with the parameters it reads (NewPCT(depth),
// NewDFS(bound, reduction)), and the defaults of every option are the
// Default constants beside it.
//
// Options.Shard splits an exploration among processes (shard.go): the
// seeded strategies by execution index, dfs by subtrees of its tree; a
// schedule token replays whichever shard found it.
//
// Options.SyncOnly leaves loads and stores out of the choice points, and
// Options.NoRaces turns off the data race checks that run on every access
// against the happens-before order (vector clocks).
//
// # Oracles
//
// A data race, a global deadlock (nothing can move and no timer is
// pending), an unrecovered panic or fatal error, a failed test, a
// livelock, a non-zero exit status, goroutines still blocked when the
// program ends or the test returns (with Options.Leaks, or always for a
// test; not those waiting for a pending timer: a janitor on its ticker is
// not blocked forever), and nondeterminism: a program that does not
// replay the same way twice.
//
// Time is not a barrier (fair.go, Clock): firing the earliest pending
// timer is an alternative at every choice point where its deadline is
// within the execution's horizon of the earliest time since which a
// goroutine has been runnable (see stalls), and the only move when
// nothing else can run. The horizon is Options.TimerHorizon (2ms by
// default) in half of the executions and unbounded in the other half,
// the stall executions (Options.StallHorizon; an odd seed, so that a
// replay has the same horizon; never under dfs, whose counts stay
// exact). How long a goroutine may stall is a matter of the oracle: a
// leak, deadlock, data race or panic is a bug whatever stall it needed,
// and the report says which ("timing-dependent: the 5ms timer
// (time.AfterFunc at context.go:652) fired before goroutine 1 ran ...;
// it needs goroutine 1, ready since 0s, to wait until the 5ms deadline
// fired"); a failed assertion that needed a stall beyond TimerHorizon is
// the test's timing slack (a cache item still there 25ms before its
// expiry): discarded and counted in Report.Slack, which the summary
// shows. Options.TimeBarrier restores the old rule (timers fire only
// when nothing can run).
//
// A budget in time caps the wall time: a running execution is
// interrupted when the budget and its grace (DeadlineGrace: a twentieth
// of it, between 100ms and 1s) are spent, and counted inconclusive
// (Report.Interrupted says where it was).
//
// The step bound (Options.MaxSteps) is a budget, not an oracle: an
// execution that reaches it goes on under a fair round-robin scheduler
// (each goroutine runs a time slice of up to 16 steps, as Go's scheduler
// gives it a slice of time), and is a livelock only if it then makes no
// progress (the same cycle of operations repeats with no write, no
// goroutine started or finished and no timer left to fire; the report
// shows the cycle). One that still makes progress when the fair budget
// is spent is inconclusive: counted in Report.Inconclusive, never
// reported. Under a time budget the fair budget grows with what the
// search has seen: the first execution goes on until it ends or the
// budget cuts it, each later one may make twice the steps of the longest
// that ended (so a stress test of millions of steps is checked when the
// budget allows one execution, and raising the budget is what helps);
// without one it is 25 times MaxSteps. A failure found past that fixed
// budget carries its fair steps in its token (Schedule.FairSteps). The
// interpreter's bound on loop iterations (Options.LoopSteps, 10 million
// between two scheduling points of a goroutine: a loop without a
// visible operation, which the scheduler cannot cut) is mcheck's limit
// too: an error naming where it was reached, not a bug of the program.
// A stress test's loops make visible operations, so they are bounded by
// the steps and the time budget above, not by their iterations in all.
//
// A goroutine that yields with runtime.Gosched is scheduled after the
// goroutines that could run when it yielded (CHESS's fair scheduling, for
// a bounded number of steps), so spin loops neither starve the goroutine
// they wait for nor rule out the orders where the yielder goes first.
//
// # Coverage
//
// With Options.Coverage (or Saturate), an exploration counts the
// distinct ordered pairs of conflicting visible operations, by source
// position, that its executions ran one right after the other on an
// object from two goroutines (coverage.go; Report.Pairs): CHESS's and
// Lincheck's measure of the orderings covered. Options.Saturate stops a
// search once no new pair has appeared for SaturationExecutions
// executions and half of its executions. Counting costs a table lookup
// per step, so it is off unless asked for.
//
// # Reports and replay
//
// A failure found is shrunk (fewer choices and context switches) and
// replayed with a trace. Failure.Format prints it bounded, under 200
// lines whatever the execution: the runtime's words, where the blocked
// goroutines are (grouped by place when there are many), and the
// interleaving as a table with a column for each goroutine that matters
// (a race's two sides, the goroutines left blocked, those that moved
// last) and one for the others, showing the first and last steps and
// saying what it leaves out. Options.TraceFile writes the whole trace
// (Failure.WriteTrace).
//
// Every failure carries its Schedule: the execution's seed and the
// choices made, printed as a token ("v1." and base64url, compressed
// when long: "v1.~"). Options.Replay
// runs exactly that schedule. ParseToken refuses text that is not a
// token; a token that does not fit the program (a choice that is not one
// of the alternatives, choices missing or left over) is an error wrapping
// ErrTokenMismatch when it misfits the same way on a second run (the
// token was made for another test or another version of the code), and a
// Failure of kind Nondeterminism when the two runs differ (the program
// depends on something mcheck does not control).
//
// Executions derive their seeds from the exploration's seed and their
// index, and the failure with the lowest index is reported, so the
// result does not depend on the number of parallel workers.
//
// # Writing a strategy
//
// A Strategy has three methods, like shuttle's Scheduler: NewExecution,
// NextGoroutine and NextNumber. One that also implements Observer is
// given the Execution at its start (Begin) and told of every operation
// just before it runs (Performed), chosen or forced; Execution.Pending
// says what a goroutine would touch if it moved now and Describe what it
// does and where. Dependent is the dependence relation over operations
// (same goroutine, or a common object and not two reads, or the clock)
// that dfs's sleep sets use and dynamic partial-order reduction needs. A
// Pruner can stop an execution whose rest is redundant. Options.Custom
// passes a strategy to Explore, one per worker. Example_customStrategy
// is a strategy written outside the package that runs, at every choice,
// a goroutine whose next operation conflicts with the last one.
//
// # Not supported
//
//   - Bounded DPOR: with a preemption bound, DPOR adds the conservative
//     backtrack points of bounded POR (Coons et al., OOPSLA 2013) but is
//     not proved complete within the bound; unbounded it is.
//   - State caching is combined with sleep sets (the sleep set goes with
//     the state, Godefroid, Holzmann and Pirottin, CAV 1992; see
//     fingerprint.go) but not with DPOR, and it matches states without
//     their happens-before history (a race only one history leads to can
//     be missed). The hash is incremental within an execution, but each
//     execution runs on a new machine, so its first hash (past the
//     replayed prefix) is a walk of the whole reachable state.
//     Machine.Fingerprint, which Report.States
//     counts, still abstracts the heap away. DPOR is left out because an
//     execution cut at a visited state has no suffix, so the races
//     between its events before the cut and the events after the state
//     (run on the first visit, under another prefix) are never seen and
//     backtrack points before the cut would be missing. Yang, Chen,
//     Gopalakrishnan and Kirby ("Efficient Stateful Dynamic Partial Order
//     Reduction", SPIN 2008) keep a graph of the operations run from each
//     visited state and compute those races from it when a state is
//     matched; here its events would need names that hold across
//     prefixes, while objnames.go names objects by the prefix that
//     reaches them, which differs between two prefixes to one state.
//   - Weak memory: executions are sequentially consistent, so bugs that
//     need a reordering by the compiler or the processor are not found
//     (data races, which they require, are).
//   - Happens-before is coarser than Go's memory model for some channel
//     patterns: a race can be missed there, never invented.
//   - Restarts and guided heuristics are not strategies of this package:
//     package restarts wraps explorations, and the guided searches of
//     package heuristics are written on the strategy surface above
//     (ObjectNames lets them compare operations across executions).
//   - A token is tied to the program and the version of the code it was
//     made for; it does not name them (the check layer does).
package sched
