// Package heuristics holds mcheck's guided search strategies. The EDA
// search (issue 15) is implemented; guided test (issue 14) is not yet.
// The basic strategies (random walk, PCT, bounded DFS with sleep-set
// reduction, replay, and the portfolio of random walk and PCT) live in
// package sched.
//
// # What it will hold
//
// Issue 14: guided test along a sequence of program locations (seed
// guided-test-meta-heuristic.txt): a greedy depth-first search that ranks
// the successors of a state first by how many of the locations the path
// has already observed, then by a secondary heuristic's estimate of the
// distance to the next one, keeps the others in a bounded backtrack set
// and backtracks stochastically. Its secondary heuristics, one file each:
// the polymorphic distance heuristic PFSM over a call graph reduced with
// golang.org/x/tools/go/callgraph/rta (seed
// polymorphic-distance-heuristic.txt), FSM without calling context,
// random, prefer-goroutines and most-blocked. The locations would come
// from mcheck.Guide, a -mcheck.guide flag, a go test -race report or
// static warnings. The same issue asks for dynamic partial-order
// reduction and state fingerprints that can prune a search.
//
// Issue 15, implemented (eda.go, eda_model.go, eda_fitness.go): the EDA
// search (seed eda-ngram-search.txt): an n-gram model of schedules over
// the goroutines' next visible operations, learned from the fittest
// executions of each generation (fitness: an error found, a shorter path,
// then more blocked goroutines, or the leak and race metrics), saved next
// to the failure corpus and reused by later runs (internal/check/eda.go:
// -mcheck.strategy=eda, -mcheck.fitness, and the second half of the
// default portfolio's budget). It does not learn from loads and stores
// of shared memory unless EDAOptions.Memory asks, and it runs on one
// worker.
//
// Both are meant to be strategies over sched's exported strategy surface
// and its observer of visible operations and memory accesses (issue 12),
// wrapping or replacing the scheduler's choice the way the strategies in
// sched do, rather than a fork of the explorer.
//
// # Not supported
//
// Everything above. Until it lands, locations cannot guide a search, the
// exhaustive search reduces with sleep sets only, and Machine.Fingerprint
// counts states for statistics but does not prune.
package heuristics
