// Package component is mcheck.Component's engine: it checks a component
// from its constructor by running generated environments of concurrent
// calls of its methods, and reports a concurrency bug with the smallest
// environment it found it in.
//
// A check runs in named phases, one function each, in this order:
//
//  1. probe (Probe): run the test alone up to its mcheck.Component call
//     and learn the constructor, the user's values and the options;
//  2. extract (extract.go): the component's methods and their
//     parameters' domains (package envgen);
//  3. reduce (reduce.go): the reductions of parallelism the P1–P4
//     detectors point at (Parizek and Plasil, "Heuristic Reduction of
//     Parallelism in Component Environment");
//  4. probe domains (probe.go): the argument values a call cannot take
//     alone are not drawn;
//  5. search (search.go): the restart loop (package restarts) drawing
//     environments and exploring each (package sched);
//  6. explain (baseline.go, linear.go): the sequential baseline discards
//     a failure a sequential order of the same calls shows, and the
//     linearizability check (Koval et al., "Lincheck: A Practical
//     Framework for Testing Concurrent Data Structures on JVM", CAV
//     2023);
//  7. shrink (shrink.go): drop calls while the failure stays, asking
//     the baseline only about the smallest plan (and, if it explains
//     that one, about each plan kept on a second pass);
//  8. report (report.go): the check.ComponentReport, or check.NotChecked.
//
// The package owns what a component check says: plans of calls
// (envgen.Plan), calls and their results, domains, protocols' phases.
// The interpreter only drives: ssainterp.Harness constructs the
// component, starts goroutines that make the calls it is given, and
// waits for them (with suspension); it knows nothing of plans or
// baselines. This package builds that harness for each execution
// (run.go) through the hook package check installs for the
// mcheck.Component call (check.ComponentDriver).
//
// Front ends (package gotest for go test, cmd/mcheck, test helpers)
// resolve the configuration before calling Check: flags, and the test's
// own options, which under mcheck test are read from the probe
// (Load, then check.ReadOptions).
//
// The package is internal: its API (check.Config, envgen's plans) is
// mcheck's own wiring, which changes with the engine; users reach it
// through mcheck.Component and the mcheck command only.
package component
