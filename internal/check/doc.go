// Package check is mcheck's check layer, between the front ends (go test
// through package gotest, and the mcheck command) and the engine
// (ssainterp, sched, envgen, restarts). It is the one place for:
//
//   - configuration (config.go): Config, the defaults table, and the
//     setters that package mcheck's options and the flags call, which
//     refuse values that make no sense;
//   - flags (flags.go): the table both front ends define, with the prefix
//     "mcheck." for go test and none for the mcheck command;
//   - sharding (shard.go): Bazel's test-sharding environment, which
//     like -mcheck.shard splits each check's search (sched.Shard);
//   - replay tokens (token.go): a token carries its test's identity and is
//     refused, clearly, for any other test;
//   - the saved-failure corpus (corpus.go), testdata/mcheck/<TestName>/;
//   - locating tests (locate.go) from a test body, the call stack or a
//     named scenario function;
//   - exploring a test (run.go); the component engine is package
//     component, which returns this package's ComponentReport
//     (component.go);
//   - reports (report.go): the text mcheck prints and the JSON Report;
//   - and, in interp.go alone, everything said to the interpreter: the
//     host of mcheck.Run, mcheck.Component (whose environment package
//     component drives: ComponentDriver) and mcheck.Choose, the probe
//     that runs a test up to its call, and reading the options of that
//     call, by the name of the option's function and the names of the
//     parameters its function literal captured.
//
// It keeps no global state besides the host (a table of hooks), so
// checks may run in parallel.
//
// Two papers are cited by their short form in this package's comments:
// Parizek and Plasil 2008 (Pavel Parizek and Frantisek Plasil,
// "Heuristic Reduction of Parallelism in Component Environment", CBSE
// 2008), whose reductions of parallelism Component's environments are
// drawn from (reduce.go), and Staunton and Clark 2010 (Jan Staunton and
// John A. Clark, "Searching for Safety Violations Using Estimation of
// Distribution Algorithms", ICST Workshops (SBST) 2010), whose EDA search
// eda.go runs.
//
// Not supported: options read from an interpreted call must be made by
// package mcheck's functions; a scenario (a named function with a test's
// signature) is located by runtime.FuncForPC, which needs the function
// not to be inlined away into another name.
package check
