// Package ssainterp runs Go programs from their SSA form
// (golang.org/x/tools/go/ssa) with every goroutine owned by the
// interpreter, so that a scheduler can decide, deterministically, which
// goroutine moves at each visible operation.
//
// # How it works
//
// Load builds SSA once per process for the packages it is given (a second
// Load of the same patterns returns the cached Program). Each function is
// compiled once, lazily, into a slice of closures (op) over a frame whose
// registers are slot-indexed: every SSA value, constant and global has a
// fixed slot, scalars live unboxed in value.n, and operations are chosen by
// type at compile time. There is no map lookup per operand.
//
// A goroutine is a chain of frames; the dispatch loop runs ops until one
// returns nil. Calls push frames instead of recursing on the host stack, so
// a goroutine can stop anywhere. Before each visible operation (go, channel
// send/receive/close, select, every sync and sync/atomic operation, sleeps
// and timers) the goroutine records an opDesc and stops; Machine.Step
// performs the pending operation and runs the goroutine to its next one.
// This is the step API the exploring scheduler drives. Machine.RunMain uses
// the simple scheduler: the current goroutine runs until it blocks, then
// the lowest-numbered enabled one. When nothing is enabled and no timer is
// pending the program ends with Go's "all goroutines are asleep -
// deadlock!" as a result.
//
// With Config.SharedPoints, loads and stores of memory that more than one
// goroutine has touched are visible operations too, and with Config.Races
// every access is checked against the happens-before order with vector
// clocks (memory.go), as Go's race detector checks it: per word, so that
// a load or store of a whole struct or array overlaps an access to one of
// its fields or elements; atomic operations racing with plain accesses to
// the same word (never with each other); and WaitGroup misuse, an Add
// that starts the counter from zero concurrent with a Wait (the race
// -race reports), a negative counter and reuse before a previous Wait has
// returned (the runtime's panics). Memory a goroutine allocated and alone
// touched stays invisible, so the schedule space grows only with real
// sharing. A store of a struct or array writes into the fields and
// elements the memory already has, so pointers into it stay valid.
//
// Panics are interpreted: a run-time error in an op is raised as a host
// panic (goPanic) caught by the dispatch loop, which unwinds interpreted
// frames, running deferred calls, with recover semantics across frames.
// Faults of the interpreter itself (unsupported constructs, internal
// errors) are reported separately, with the function, file and line.
//
// Bounds of the interpreter's are limits, not program failures: loop
// steps (Config.MaxSteps), call depth (Config.MaxDepth, 100000 calls)
// and memory (Config.MaxMemory, 1 GiB counted as alloc.go describes:
// the bytes of the interpreter's representation that the program's
// allocations take, charged before each allocation so that one huge
// make never reaches the host). Reaching one ends the execution with a
// fault for which IsLimit holds ("out of memory: execution allocated
// more than 1 GiB; last allocation at file:line (function)"); the
// program cannot recover it and its deferred calls do not run.
//
// # The standard library
//
// Packages are interpreted (the user's, and context, sort, slices, maps,
// cmp, iter, errors, sync, sync/atomic, container/*, the packages that
// call the program's Read and Write methods: io and bufio, and the
// packages that reflect over the user's values: encoding/json,
// encoding/xml, encoding/gob, text/template, html/template), modelled by
// name (sync.Mutex/RWMutex/WaitGroup/Map/Pool, the notify list under
// sync.Cond, sync/atomic's functions, runtime.Gosched/Goexit/NumGoroutine,
// time's clock, sleeps and timers on a virtual clock, io.Pipe, the
// global functions of math/rand and math/rand/v2 and the runtime's
// fastrand, drawing from the execution's seed (rand.go), the runtime
// functions libraries reach by go:linkname and runtime.Callers/Caller/
// CallersFrames/FuncForPC/Stack, which answer from the interpreted stack
// (linkname.go), errors.Is/As, sort.Slice, and all of package reflect: see reflect.go),
// or bridged: called natively through the generated table in
// internal/stdlib. Values cross the bridge by conversion: structs through
// reflect.StructOf, named types whose methods native code may call
// (String, Error, Format, GoString, MarshalJSON) as wrappers whose
// methods call back into the interpreter; callbacks from native code run
// nested and may not block (a clear error if they try).
//
// So that the program's methods that std code calls may block and are
// scheduled like any other code: io and bufio run from SSA (io.ReadFull,
// ReadAtLeast, CopyN, ReadAll, bufio's Reader, Writer and Scanner call
// Read and Write as ordinary calls; io's exported errors are the native
// values, so io.EOF from a native reader is the program's io.EOF), and
// io.Copy too, unless Go's shortcut would hand an interpreted side to a
// native WriteTo or ReadFrom (then it loops over Read and Write itself).
// fmt runs two ways (fmt.go): a printing call whose operands reach no
// String, Error, Format or GoString method of an interpreted type runs
// natively; otherwise it runs from fmt's SSA over the reflect model, and
// fmt's calls of those methods are ordinary calls. The scanning functions
// stay native. An mcheck fault (unsupported construct, internal error)
// is never recoverable by the program: recover does not see it, and a
// fault raised in a callback is raised again when the native call
// returns, even if the native code (fmt's panic catching) recovered it.
//
// # Measured (this machine, 2 cores; go test -run TestInterpSpeed -interp.speed)
//
// Each workload alternates native and interpreted runs for two seconds
// and keeps the best of each side (the host is a shared VM whose speed
// drifts; alternating puts both sides in the same moments). Five runs on
// 2026-11-22; the table is the run with the median geometric mean:
//
//	workload                          native    interpreted  slowdown
//	fib(27)                           1.10 ms      17.1 ms      15.5x
//	fill+sum 1e6 []int                1.92 ms      39.0 ms      20.3x
//	1e5 map inserts + lookups         7.58 ms      24.5 ms       3.2x
//	1e6 interface method calls        2.04 ms      55.8 ms      27.3x
//	strings.Builder, 1e5 writes       0.25 ms       5.2 ms      20.7x
//	geometric mean                                              14.2x
//	the five runs' geometric means: 14.7, 14.2, 14.0, 14.2, 14.3x
//
// A sixth workload, json (200 json.Marshal and Unmarshal round trips of
// a tagged struct), is reported apart: encoding/json runs from SSA over
// the reflect model, 56.6x native in one run on 2026-11-22 (reflect calls
// are model calls, each allocating an rvalue).
//
// Two more workloads, also apart, time fmt: fmtplain (2000 Sprintf of
// plain operands: native fmt) and fmtmethods (2000 Sprintf of operands
// with String and Error methods: fmt from SSA). CPU seconds of the
// interpreted runs, least of three rounds alternating with the build
// before fmt could run from SSA (2026-11-24): fmtplain 0.10 before, 0.11
// after, 0.58 if fmt always ran from SSA (why it does so only when a
// method is reachable); fmtmethods 0.08 before (native fmt calling the
// methods nested), 0.16 after. The five workloads of the geometric mean
// moved by +1% in the same rounds (builder 0.56 -> 0.58).
//
// (Native times are lower than in earlier tables, which took the best of
// five runs: with more runs the native fill+sum reuses its warm 8 MB.)
// The slice loop runs 3.6e8 SSA instructions/s. Config.CountOps counts
// SSA instructions other than φ, including those folded into another op.
// What got here: frames are reused per machine and handed to the next
// machine; a frame keeps its constant registers for the next call of the
// same function, and a call takes such a frame from the last few
// released; a frame taken over by another function clears only the r
// word of its scalar registers (the ops that write n alone need it nil:
// a stale aggregate there once gave a race-free program a wrong result).
// Interface call sites have polymorphic inline caches; struct parameters
// that SSA spills but only reads alias registers; integer
// compare-and-branch is one op, as is a field or element address with
// the load or store that alone uses it; constant right operands of
// integer arithmetic are immediates; edges move their φ values without a
// buffer. Common native signatures (strings.Builder, strconv, strings,
// math) are called without reflect and without an argument slice, and
// their two results go straight to the registers that extract them.
// The backing arrays of tuples come from a per-machine slab. What remains
// is dispatch (a closure call per op), the call sequence (a frame per
// call: interface calls stay the slowest), and a slice of 16-byte values
// where Go has 8-byte ints.
//
// # Not supported (yet)
//
// Accesses made inside native calls are summarised for the race
// detector: a slice argument's elements are read (each word of a struct
// element), and the elements the call changed are written; other native
// memory is not tracked. WaitGroup's "Add called concurrently with Wait"
// panic (an Add in the instant between the last Done and the release of
// the waiters) is not modelled: the last Done and the release are one
// step.
// unsafe beyond what unsafe.go supports (conversions between pointer
// types of one memory layout, string and slice headers, func words,
// unsafe.Add and uintptr arithmetic within one allocation, and
// unsafe.String/StringData/Slice/SliceData over such memory; the rest
// is an "unsupported: unsafe ..." error at its line); functions without
// a Go body (assembly, go:linkname) other than the runtime functions
// linkname.go models (loading always sets the purego build tag, so
// packages with a Go fallback take it; the rest are an "unsupported: F
// has no Go body" error); cgo; reflection over interpreted types by bridged packages
// other than fmt (encoding/binary and log/slog see unnamed struct types;
// slog.LogValuer is wrapped like String and MarshalJSON); in the reflect
// model, Select, channel operations, the
// iterator methods (Seq, Fields, Methods, ...) and Interface of a method
// value report an unsupported error, and accesses through reflection are
// not checked for races;
// native functions that block (os.Pipe, net, os/exec are refused with an
// error; io.Pipe is modelled in pipe.go); interpreted methods called
// back by other native code (log, encoding/csv, a bytes.Buffer's
// ReadFrom, t.Errorf's formatting) run nested and may not block. iter and
// unique run from source overlays (overlay/) that replace runtime
// coroutines and weak maps with goroutines, channels and a locked map.
// testdata/corpus and knownGaps in corpus_test.go list what is checked and
// what is known to differ.
package ssainterp
