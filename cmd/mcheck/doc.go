// Command mcheck runs and model-checks Go programs and tests under
// mcheck's deterministic interpreter.
//
// Usage:
//
//	mcheck test [flags] PKG...
//	mcheck explore [flags] PKG
//	mcheck run [-seed N] [-steps N] [-depth N] PKG [ARGS...]
//	mcheck envgen -ctor NewX [-env random|universal] [-protocol P] [-reduction prefixes|sensitive|recursive] [-n K] [-seed S] [-o FILE]
//	mcheck demo
//
// test explores the existing, unmodified Test functions of the packages,
// each as if its body were given to mcheck.Run, with the options the
// test gives mcheck.Run, mcheck.Check or mcheck.Component (flags given
// override them). Its flags are go test's -mcheck.* flags without the
// prefix, with the same defaults (seed, budget, executions, strategy,
// preemptions, depth, steps, workers, replay, shard, synconly, norace,
// timebarrier, timerhorizon, memory, tags, v), and go test's -run and
// -short; -v is also what testing.Verbose reports. Packages are loaded
// one by one: one that cannot be loaded (a compile error, cgo) is
// reported once and skipped, and the others run. A package without test
// files is not loaded (nothing in it is checked): mcheck test says so,
// as go test does ("[no test files]"). Each package ends with
// a line of its own (ok, FAIL or ERROR, its tests, executions per second
// and time), redrawn in place while it runs when the output is a
// terminal; a table of the packages and a closing line, which counts the
// tests with a bug, the clean ones and the ones mcheck could not run,
// end the run. Under Bazel's test sharding (TEST_TOTAL_SHARDS,
// TEST_SHARD_INDEX) test and explore touch TEST_SHARD_STATUS_FILE and
// explore their shard of each check, as -shard=i/n does.
// With -json, stdout holds one JSON object per test (and one per package
// that did not load), the schema of mcheck.Report, and the closing line
// goes to stderr. A -replay token without -run replays its own test only;
// the others run as usual.
//
// explore runs the main package PKG on many schedules (see package sched)
// and reports the first concurrency bug: deadlock, panic, livelock, a
// non-zero exit, or with -leaks goroutines left blocked; -recordraces
// lists data races instead of stopping at the first.
//
// Budgets (test and explore): a time budget alone (-budget 30s) runs
// until the time is spent, an execution budget alone (-executions N) has
// no time cap, both stop at whichever runs out first; with neither, 5s
// (a test that calls mcheck.Component: 3s; 1s with -short).
//
// run interprets the main package PKG once and passes its standard
// output and standard error through, as go run would.
//
// envgen, from a //go:generate line, writes environments of the
// component that the constructor NewX of the package in the current
// directory returns, as a _test.go file of plain tests: each constructs
// the component and calls its methods from goroutines (package envgen).
// They run natively (go test -race) and under mcheck (mcheck test).
//
// demo runs the bundled examples from the source of the mcheck module it
// was built from, from any directory. The bugs it shows are the demo's
// point, not findings: it exits 0 when the examples ran, 2 when they
// could not.
//
// Exit status, as go vet's: 0 nothing found, 1 a bug found (run: the
// program exited with another status), 2 mcheck could not run
// (a bad flag, a package that does not load, an unsupported construct;
// for test, only when no test had a bug). -h prints the usage and exits 0.
package main
