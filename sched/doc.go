// Package sched will hold goroutine states, wait queues, choice points, the
// Strategy interface and the basic strategies (random walk, PCT, bounded DFS,
// replay), schedule tokens, the oracles and the trace.
//
// Not yet built: the interpreter (package ssainterp) comes first; until then
// ssainterp runs goroutines under its own simple deterministic scheduler.
package sched
