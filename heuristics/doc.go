// Package heuristics will hold the guided search strategies from the seeds:
// the two-tier meta heuristic with greedy DFS, PFSM/FSM distance, and the EDA
// n-gram search. Not yet built.
package heuristics
