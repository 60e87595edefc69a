// Package heuristics holds mcheck's guided searches: strategies over
// package sched's exported strategy surface (Strategy, Observer,
// Execution, Options.Custom) that steer the scheduler toward a goal
// instead of sampling or enumerating schedules: guided test with its
// secondary heuristics, and the EDA search. The basic strategies (random
// walk, PCT, bounded DFS with source-DPOR or a state cache, replay, and
// the portfolio) live in package sched. They follow three papers, cited
// by their short form in this package's comments:
//
//   - Rungta and Mercer 2008: Neha Rungta and Eric G. Mercer, "A Meta
//     Heuristic for Effectively Detecting Concurrency Errors", Haifa
//     Verification Conference (HVC) 2008. Guided test.
//   - Rungta and Mercer 2009: Neha Rungta and Eric G. Mercer, "A Distance
//     Heuristic for Polymorphic Programs", the PFSM heuristic, which the
//     2008 paper cites as "Guided Model Checking for Programs with
//     Polymorphism", PEPM 2009. The distance heuristics.
//   - Staunton and Clark 2010: Jan Staunton and John A. Clark, "Searching
//     for Safety Violations Using Estimation of Distribution Algorithms",
//     ICST Workshops (SBST) 2010. The EDA search.
//
// # Guided test
//
// Guided (guided.go) is guided test along a sequence of program locations
// (Rungta and Mercer 2008): a greedy depth-first search (Fig. 2) that, at every choice point, ranks the
// successors first by how many locations of the sequence the path has
// observed and then by a secondary heuristic's estimate of the distance
// to the next location, ties at random (Fig. 4); every successor not
// chosen goes to a backtrack set bounded at 100,000 entries, and at the
// end of a path the search restores one: a meta level at random, the
// least secondary value there (Fig. 5). A location is observed when a
// goroutine performs a visible operation on its line, or passes the line
// between two of its operations in one frame (same function, same
// depth; Guided.observes). States are schedule prefixes restored by
// replaying them (see Guided for why, and its Stats for the cost). Each
// worker of an exploration is an independent trial. WithReduction adds a
// partial-order reduction to the backtracking: sleep sets
// (guided_por.go: a sibling s·t of the greedy choice p at s keeps p
// asleep below it if their operations are independent, sched.Dependent),
// or source-DPOR with them (guided_dpor.go: only the successors the
// races of the paths call for are kept, sched.Races). WithVisited adds
// the paper's visited set (Rungta and Mercer 2008, Fig. 4, line 3) by
// state fingerprints
// (guided_visited.go). All are off by default; the bench measures them
// (examples/bench/guided_table.md).
//
// The locations come from mcheck.Guide, -mcheck.guide=file.go:line,...,
// a go test -race report (-mcheck.guide=@race.txt: ParseRaceReports,
// every race a sequence, those with a read first), or the warnings of
// the analyzers of envgen/detect (-mcheck.guide=warnings); with several
// sequences, internal/check follows each in turn (sequences.go).
// internal/check turns the strategy name "guided" into Options.Custom.
//
// # EDA search
//
// The EDA search (eda.go, eda_model.go, eda_fitness.go; Staunton and
// Clark 2010): an n-gram model of schedules over
// the goroutines' next visible operations, learned from the fittest
// executions of each generation (fitness: an error found, a shorter path,
// then more blocked goroutines, or the leak and race metrics), saved next
// to the failure corpus and reused by later runs (internal/check/eda.go:
// -mcheck.strategy=eda, -mcheck.fitness, and the second half of the
// default portfolio's budget). It does not learn from loads and stores
// of shared memory unless EDAOptions.Memory asks, and it runs on one
// worker.
//
// The secondary heuristics implement Heuristic, one file each: pfsm, the
// default (Rungta and Mercer 2009, Fig. 4–5: distances
// over the SSA control-flow graphs with calls resolved by an RTA call
// graph, refined by the stacks seen at run time; distance.go, pfsm.go),
// fsm (the same without calling context), random (the baseline of
// Rungta and Mercer 2008), prefer (goroutines named by their go
// statement), most-blocked (the blocked-goroutines metric of Staunton
// and Clark 2010, Algorithm 3).
// Heuristics maps their names to constructors.
//
// go run ./examples/bench guided reprints Tables 1 and 2 of Rungta and
// Mercer 2008 for
// the examples (examples/bench/guided_table.md).
//
// # Not supported
//
//   - A restored prefix replays exactly only if the program depends on
//     the schedule alone; map iteration order and math/rand follow the
//     execution's seed, which differs between executions. A prefix that
//     does not fit is abandoned where it diverges (Stats.Misfits).
//   - A location is observed only at visible operations or between two
//     of them in one frame: a line passed inside a call, on the way out
//     of one, or before a backward jump, is not seen.
//   - most-blocked predicts only the goroutines a lock acquisition blocks;
//     prefer needs the user to name go statements.
//   - Guided test's visited set (WithVisited, by sched's state
//     fingerprints) is off by default and not combined with a reduction
//     (guided_visited.go); with a reduction on, a trial explores a
//     trace more than once when siblings restored earlier do not sleep.
//   - PFSM counts a function the interpreter runs as one step (a model
//     such as sync.Once.Do, a native function) as cost 2, so a goal
//     inside a callback it makes is not reached through it.
package heuristics
