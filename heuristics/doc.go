// Package heuristics holds mcheck's guided searches: strategies over
// package sched's exported strategy surface (Strategy, Observer,
// Execution, Options.Custom) that steer the scheduler toward a goal
// instead of sampling or enumerating schedules.
//
// # Guided test
//
// Guided (guided.go) is guided test along a sequence of program locations
// (seed guided-test-meta-heuristic.txt, Rungta and Mercer): a greedy
// depth-first search (Fig. 2) that, at every choice point, ranks the
// successors first by how many locations of the sequence the path has
// observed and then by a secondary heuristic's estimate of the distance
// to the next location, ties at random (Fig. 4); every successor not
// chosen goes to a backtrack set bounded at 100,000 entries, and at the
// end of a path the search restores one: a meta level at random, the
// least secondary value there (Fig. 5). A location is observed when a
// goroutine performs a visible operation on its line, or passes the line
// between two of its operations in the same file. States are schedule
// prefixes restored by replaying them (see Guided for why, and its Stats
// for the cost). Each worker of an exploration is an independent trial.
//
// The locations come from mcheck.Guide, -mcheck.guide=file.go:line,...,
// or a go test -race report (-mcheck.guide=@race.txt, ParseRaceReport);
// internal/check turns the strategy name "guided" into Options.Custom.
//
// The secondary heuristics implement Heuristic, one file each: random
// (the seed's baseline), prefer (goroutines named by their go
// statement), most-blocked (the EDA seed's blocked-goroutines metric,
// eda-ngram-search.txt Algorithm 3). Heuristics maps their names to
// constructors; the default is most-blocked until the polymorphic
// distance heuristic PFSM (seed polymorphic-distance-heuristic.txt) is
// merged from its own branch.
//
// go run ./examples/bench guided reprints the seed's Tables 1 and 2 for
// the examples (examples/bench/guided_table.md).
//
// # Not supported
//
//   - No visited set (Fig. 4, line 3): without machine snapshots, states
//     are only known by their prefixes, which never repeat.
//   - A restored prefix replays exactly only if the program depends on
//     the schedule alone; map iteration order and math/rand follow the
//     execution's seed, which differs between executions. A prefix that
//     does not fit is abandoned where it diverges (Stats.Misfits).
//   - A location is observed only at visible operations or between two
//     of them in one file: a line passed inside a call to another file,
//     or before a backward jump, is not seen.
//   - most-blocked predicts only the goroutines a lock acquisition blocks;
//     prefer needs the user to name go statements.
//   - PFSM, FSM, dynamic partial-order reduction and state fingerprints
//     that prune (issue 14) are not here yet; neither is the EDA search
//     (issue 15).
package heuristics
