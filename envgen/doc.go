// Package envgen builds environments for checking a component: the
// operations of a component type, small domains of values for their
// parameters, and the environments of Parizek and Kalibera 2010: the
// random-sequence environment of their Figure 1b and the universal
// environment of Figure 1a; and the calling protocols of Parizek and
// Plasil 2008 with their reductions of parallelism. It also writes
// environments as Go test source for go generate (emit.go). The two
// papers, cited by their short form in this package's comments:
//
//   - Parizek and Kalibera 2010: Pavel Parizek and Tomas Kalibera,
//     "Efficient Detection of Errors in Java Components Using Random
//     Environment and Restarts", TACAS 2010.
//   - Parizek and Plasil 2008: Pavel Parizek and Frantisek Plasil,
//     "Heuristic Reduction of Parallelism in Component Environment",
//     CBSE 2008.
//
// envgen works on go/types only: it neither loads packages nor runs code,
// and it imports nothing of mcheck. The code that runs a Plan under the
// interpreter, and the component restart loop that draws a new Plan for
// each attempt, import it.
//
// # The component
//
// Extract (component.go) reads a constructor's signature. The constructor
// returns the component, a pointer or an interface, optionally with an
// error; any other result is refused with a message saying why (methods on
// a struct value would run on copies). The operations are the exported
// methods of the component's method set, narrowed by Options.Include
// (mcheck.Methods) and Options.Exclude; Options.Init and Options.Finish
// name methods called once before the environment's goroutines start and
// once after they all returned. Methods promoted from an embedded standard
// type (Lock and Unlock of an embedded sync.Mutex) are left out unless
// Include names them, and a method with a parameter that has no domain is
// left out; both are listed in Component.Notes, so that a report can say
// why. A constructor parameter without a domain is an error.
//
// Without a protocol or Finish, the default protocol calls a finishing
// method once, last (closeLike: Close, Stop and Shutdown whatever their
// parameters; Release, Dispose and Wait without parameters but a
// context), and follows the concurrency contract of the doc comments
// (contract.go, Options.Docs): methods documented as called from a single
// goroutine at a time, or not concurrently with others, are called from
// one goroutine (Component.Serial); a type documented as not safe for
// concurrent use is called from one goroutine only; a method after which
// calls are documented as undefined is the Finish, always last
// (Component.FinishLast). Each rule followed is a note that quotes the
// sentence. The default protocol also pairs acquire-like and release-like
// methods by name (pairs.go, Component.Pairs: Acquire and TryAcquire with
// Release, Lock and TryLock with Unlock, RLock and TryRLock with
// RUnlock): each goroutine makes a release-like call only to give back
// what its own acquire-like calls that succeeded hold, as a correct
// client does, and a Release without parameters paired so is not a
// finishing method.
//
// # Domains
//
// A Domain (domain.go) is the values a parameter takes, as Values that
// say how to make them (a constant, nil, a zero struct, a new pointer, a
// small slice or map, a function that does nothing, the result of
// context.Background, or the user's value number i). The built-in domains
// are a few values around zero and the boundaries for numbers
// (math.MinInt64 and so on), the empty string and two short ones, false
// and true, nil and a pointer to a new zero value, nil and one- and
// two-element slices, nil and a one-entry map, the zero value of a struct
// or array, a no-op function, nil for error, nil, 1 and "a" for an empty
// interface, and context.Background for context.Context. Values the user
// gives (Options.User, from mcheck.Values) replace the built-in domain of
// their type, and of an interface type they implement. Method.Skip (and
// Component.Skip, for the constructor's parameters) marks
// values environments do not draw (the check layer's probe finds values a
// call cannot take); indexes stay those of the domain, so replay tokens
// do not change.
// Printer spells values and types as Go source relative to a package, for
// reports and for generated tests.
//
// # Environments
//
// A Plan (plan.go) is one environment: the constructor's arguments (and
// the init and finish methods'), then, for a random-sequence environment
// (NewRandom), each goroutine's sequence of calls, its length drawn from
// [1, 2|M|] for |M| operations, each method and each argument uniformly;
// for a universal environment (NewUniversal), the number of goroutines, a
// bound on the calls of each and a random permutation of the methods: the
// goroutines loop, choosing at choice points that the search explores
// whether to go on, which method and which arguments. Draw makes either
// from a seed alone, so a seed names an environment. Encode and Decode
// turn a Plan into the "e1." part of a replay token and back; Check
// tells whether a decoded Plan fits a component (it does not when the
// component changed since the token was printed). Without removes one
// call, for shrinking a failing environment; Describe and CallString
// spell a Plan for the report, with what each call returned.
//
// # Generated tests
//
// Source (emit.go) writes Plans as a test file of the component's package
// (mcheck envgen, for //go:generate): one test function per environment
// that constructs the component, starts a goroutine per call sequence
// under a sync.WaitGroup, waits, and calls the finish method. It is
// ordinary Go: go test -race runs it natively and mcheck test explores
// its schedules. A universal environment picks its calls and arguments
// with mcheck.Choose, random natively and a choice point under mcheck. A
// constructor that returns an error makes the generated test skip. A
// random environment's goroutine pairs acquire-like and release-like
// calls as a run does (pairs.go): it counts in a local array what its
// acquire-like calls that succeeded hold, and makes a release-like call
// only under an if that it holds the call's weight.
//
// # Not supported
//
//   - Calling protocols (protocol.go; Parizek and Plasil 2008, Sect.
//     1.1-1.2) and their
//     three reductions of parallelism (reduce.go, Sect. 2.2: parallel
//     prefixes, sensitive composition, recursive reduction, by the pair
//     weights of the P1–P4 detectors of package envgen/detect) reduce
//     only the first parallel composition at a protocol's top level, as
//     the paper's form (I) does; the paper's recursive application to
//     nested compositions is not done. Parallelism nested inside a part
//     of a parallel composition runs as one random interleaving on the
//     part's goroutine (a parallel composition inside an alternative or
//     a repetition at the top level is a phase of its own).
//   - The reductions of a component without a protocol work on the
//     default protocol spelt by Component.DefaultProtocol (each method
//     repeated on a goroutine of its own); the random-sequence
//     environments stay the unreduced ones. A component whose methods
//     the detectors do not pair (the bug is in a goroutine of its own,
//     or a check-then-act across two critical sections on one lock,
//     which none of P1–P4 describe) has no reductions.
//   - Parameters of channel type, of an interface type other than error,
//     context.Context and the empty interface, and unsafe pointers have
//     no built-in domain: without mcheck.Values the method is left out
//     (the constructor refused).
//   - The built-in domains are shallow: a struct or array is only its zero
//     value, a pointer nil or a pointer to a zero value, a function a
//     no-op; slices and maps nest at most two levels deep.
//   - Integer boundaries are those of a 64-bit gc target (int and uint
//     are 64 bits wide), whatever the target of the checked package.
//   - Unexported methods are never operations, and results of the calls
//     are not compared against anything: a generated test or an
//     environment finds what the oracles see (deadlocks, races, panics,
//     leaks, failed assertions inside the methods), not a wrong result.
//   - A universal environment bounds each goroutine's calls (Plan.MaxCalls,
//     default 2|M|): the universal environment of Parizek and Kalibera
//     2010 has no bound.
//   - The doc comments' contract is read by a few fixed phrases
//     (serialPhrases, finishPhrases), in English; a contract said
//     otherwise is missed, and one said in a negated sentence may be
//     misread. On a method, "not safe for concurrent use" is read as not
//     in parallel with itself. mcheck envgen (Source) does not read doc
//     comments.
//   - A generated universal environment does not pair acquire-like and
//     release-like calls (its arguments are chosen inline): it may
//     release what it did not acquire, which a run of the same
//     environment under Component does not.
//   - Generated tests use the built-in domains and the user values' Go
//     spelling (UserValue.Src); a value that cannot be spelled as a Go
//     expression of the package cannot appear in one.
package envgen
