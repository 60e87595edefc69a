// Package mcheck model-checks concurrent Go code inside go test.
//
//	func TestTransfer(t *testing.T) {
//		bank := NewBank()            // setup the body may use
//		mcheck.Run(t, func(t *testing.T) {
//			... start goroutines, check results with t.Error ...
//		})
//	}
//
// # What Run does
//
// Run does not call body natively. It finds the test that called it
// (its package and name), loads that package's source with its tests, and
// interprets the whole test (package ssainterp) under mcheck's own
// deterministic scheduler, one execution after another, exploring the
// schedules of its goroutines (package sched) until it finds a
// concurrency bug or spends its budget. A bug is a global deadlock, a
// goroutine left blocked after the test returned, a panic, a data race,
// a failed t.Error or t.Fatal, or a livelock. It fails the test with the
// goroutines involved, the interleaving as a table with a column per
// goroutine, and a command that replays it:
//
//	replay: go test -run '^TestTransfer$' -mcheck.replay=TestTransfer.3f9a1c.v1.lrPe1dy1o7Q3AQICAwM
//
// A replay token names its test (the test's name and a hash of its
// package): given to another test it is refused, and a -mcheck.replay
// flag given to a whole package applies only to the token's own test.
// The failing schedule is saved under testdata/mcheck/<TestName>/ and
// replayed first on every later run, the way go test -fuzz keeps its
// corpus, so a bug found stays found until it is fixed.
//
// Because the test function itself runs under the interpreter, body may
// use anything the test set up before the call.
//
// Sometimes states the reverse of an assertion, an interleaving that
// must be reachable: mcheck.Sometimes(t, cond, "the cancellation wins")
// in body fails the test if cond held in no explored execution.
//
// # Component
//
// Component checks a concurrent type from its constructor alone: it
// generates environments, goroutines calling the component's exported
// methods with small built-in arguments, and explores each under a
// restart strategy (see Component, packages envgen and restarts). A
// method that ends the component's life (the first of Close, Stop,
// Shutdown, Release, Dispose and Wait it has) is called once, after the
// others in half of the random environments (the default calling
// protocol), and among them in the rest. Protocol gives another one
// ("Put; (Take | Len)"): environments are then its random traces, a
// goroutine per part of a parallel composition. A failure that the same
// calls also show when they run one at a time (a Put that blocks on a
// full queue, a second Close that panics, a goroutine left running with
// no Close) is not a concurrency bug: that environment is discarded,
// counted in the summary, shown with -mcheck.v, and the search goes on
// (the sequential baseline). Linearizable also compares the calls'
// results with those of the one-at-a-time orders. On every other attempt
// the environments come from reductions of parallelism of the protocol
// that the P1–P4 detectors (envgen/detect) drive (-mcheck.reduction).
//
// # Options
//
// Options are values of this package's functions only. An Option (Seed,
// Budget, Executions, Strategy, Preemptions, Steps, Workers, SyncOnly,
// NoRaces, TimeBarrier, TimerHorizon, Tags, Replay, Guide, Heuristic,
// Prefer) applies to Run, Check
// and Component alike; a ComponentOption (Methods, Exclude, Init, Finish,
// Protocol, Linearizable, Values, Goroutines, Environment, Restarts) to Component only, and
// passing one to Run is a compile error. Strategies, environments and
// restart strategies are typed constants (DFS, UniversalEnvironment,
// Luby...); an untyped string such as Strategy("dfs") works too. Values
// an option cannot take (Budget(0), Strategy("bfs"), Steps(-1)) fail the
// test with an mcheck error before anything runs.
//
// # Flags
//
// The go test flags -mcheck.seed, -mcheck.budget, -mcheck.executions,
// -mcheck.strategy, -mcheck.preemptions, -mcheck.depth, -mcheck.steps,
// -mcheck.workers, -mcheck.replay, -mcheck.synconly, -mcheck.norace, -mcheck.statecache,
// -mcheck.timebarrier, -mcheck.timerhorizon, -mcheck.memory, -mcheck.tags,
// -mcheck.guide, -mcheck.heuristic, -mcheck.prefer, -mcheck.fitness,
// -mcheck.reduction, -mcheck.threshold, -mcheck.trace and -mcheck.v
// override the options (for a nightly hunt, say); the mcheck command's
// test and explore take the same flags without the prefix, with the same
// defaults (docs/flags.md in the repository lists them all). A budget means what it says: a time budget
// alone (-mcheck.budget=2m) runs until the time is spent, an execution
// budget alone has no time cap, and both stop at whichever runs out
// first; a budget flag replaces the budget of the options as a whole.
// The default is 5s of time (Component: 3s; 1s with -short), and a check
// given no budget stops before it once its coverage has saturated (no
// new ordering pair of conflicting operations for a stretch;
// -mcheck.fullbudget spends it all).
// -mcheck.json=FILE appends a JSON report of each check to FILE.
//
// # Reports for tools
//
// Check is Run without failing the test: it returns a Report, which is
// also the JSON object written by -mcheck.json and by mcheck test -json,
// one per check, on a line of its own:
//
//	package      the test's package path
//	test         the test's name ("main" for mcheck explore)
//	outcome      "bug", "clean" or "error" (mcheck could not run the test)
//	kind         the kind of bug: "global deadlock", "partial deadlock",
//	             "panic", "livelock", "exit status", "nondeterminism",
//	             "test failed", "data race", or "sometimes never held"
//	             (an mcheck.Sometimes condition held in no execution)
//	message      the runtime's words, or why
//	locations    file:line of what the failure is about: where each
//	             goroutine is blocked, the two racing accesses, the line
//	             of a failed t.Error
//	goroutines   the goroutines involved: id, state (what it is blocked
//	             in, as a goroutine dump names it), pos, func, created
//	environment  Component: the calls of each goroutine
//	token        the replay token, with the test's identity
//	replay       the command that replays the failure
//	saved        the corpus file the failure was saved to
//	figures      strategy, shard ("i/n" when the search was split:
//	             -mcheck.shard), executions, inconclusive (executions
//	             discarded: past the step bound, or cut by the time
//	             budget), environments (Component), elapsed_ms,
//	             exhausted (every schedule was explored), and the
//	             coverage: pairs (ordering pairs of conflicting
//	             operations covered), pairs_stale (executions since the
//	             last new one), method_pairs (Component: pairs of methods
//	             run on different goroutines), saturated (the search
//	             stopped early, its coverage saturated)
//	error        outcome "error": why mcheck could not run the test
//	text         the report as mcheck prints it
//
// Each check also gives its facts to the test with testing.T.Attr, so
// that go test -json prints them as {"Action":"attr",...} events:
// mcheck.verdict ("clean", the kind of bug, "not checked" or "error"),
// mcheck.token (a failure's replay token), mcheck.executions,
// mcheck.inconclusive, and the coverage: mcheck.pairs,
// mcheck.pairs.stale, mcheck.methodpairs (Component) and
// mcheck.saturated. A failure's first line is its headline,
// "mcheck: KIND: summary", after go test's file:line of the call.
//
// # What is not supported
//
// Everything the test does must be supported by the interpreter: cgo,
// unsafe tricks beyond what ssainterp models, and a few standard
// packages are not; what is not is reported as an mcheck error naming
// the function, file and line, never as a bug of the program. The test
// binary's own build tags are not visible at run time (pass them with
// Tags or -mcheck.tags). Options are read by the mcheck command from the
// interpreted call, so an option of a type of the test's own cannot be
// honoured there (go test applies it). Under the interpreter, while the
// test is being explored, Check runs the body and returns nil, nil: code
// after it sees a nil Report. Data races are detected on the explored
// schedules only, and a budget that runs out proves nothing: a clean
// report means no bug was found, except when dfs explored every schedule
// within its preemption bound ("explored all").
package mcheck
