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
// clocks (memory.go). Memory a goroutine allocated and alone touched stays
// invisible, so the schedule space grows only with real sharing.
//
// Panics are interpreted: a run-time error in an op is raised as a host
// panic (goPanic) caught by the dispatch loop, which unwinds interpreted
// frames, running deferred calls, with recover semantics across frames.
// Faults of the interpreter itself (unsupported constructs, internal
// errors) are reported separately, with the function, file and line.
//
// # The standard library
//
// Packages are interpreted (the user's, and context, sort, slices, maps,
// cmp, iter, errors, sync, sync/atomic, container/*), modelled by name
// (sync.Mutex/RWMutex/WaitGroup/Map/Pool, the notify list under sync.Cond,
// sync/atomic's functions, runtime.Gosched/Goexit/NumGoroutine, time's
// clock, sleeps and timers on a virtual clock, fmt's printing to standard
// output, errors.Is/As, sort.Slice), or bridged: called natively through the
// generated table in internal/stdlib. Values cross the bridge by
// conversion: structs through reflect.StructOf, named types whose methods
// native code may call (String, Error, Format, GoString, MarshalJSON) as
// wrappers whose methods call back into the interpreter; callbacks from
// native code run nested and may not block.
//
// # Measured (this machine, 2 cores; go test -run TestInterpSpeed -interp.speed)
//
// Five runs, 2026-11-21; best of the five for each time, and the median
// of the five runs' geometric means (each run's ratios side by side):
//
//	workload                          native    interpreted  slowdown  ops/s
//	fib(27)                           1.18 ms      20.0 ms      17x     1.0e8
//	fill+sum 1e6 []int                4.2 ms       44 ms        11x     2.0e8
//	1e5 map inserts + lookups         7.5 ms       23 ms       3.1x     3.9e7
//	1e6 interface method calls        2.2 ms       64 ms        29x     1.5e8
//	strings.Builder, 1e5 writes       0.31 ms      8.6 ms       28x     7.2e7
//	geometric mean of the best times                          13.5x
//	median of the runs' geometric means                       13.3x (12.6-13.9)
//
// The host is a shared VM: a run when it was busier gave 14.7x, and
// native times vary by up to 2x between runs (the slice workload from
// 1.9 to 6 ms, with the garbage collector). Ops are counted with
// Config.CountOps: executed operations, which are SSA instructions other
// than φ, minus those compiled away (a comparison fused into the If
// after it, and the loads of read-only spilled parameters), so ops/s
// understates the SSA instruction rate (the slice loop also runs 2e6
// fused comparisons). The goal was 15x. What got here: frames are reused
// per machine and keep their constant registers for the next call of the
// same function, interface call sites have polymorphic inline caches,
// struct parameters that SSA spills but only reads alias registers,
// integer compare-and-branch is one op, edges move their φ values
// without a buffer, and common native signatures (strings.Builder,
// strconv, strings, math) are called without reflect and without an
// argument slice. What remains is dispatch (a closure call per op) and,
// for bridged calls, argument conversion; interface calls stay the
// slowest (a frame per call).
//
// # Not supported (yet)
//
// Accesses made inside native calls are summarised for the race
// detector: a slice argument's elements are read, and the elements the
// call changed are written; other native memory is not tracked.
// unsafe beyond pointer conversions and unsafe.String/Slice over slice
// memory, cgo, reflection over interpreted types by native code
// (text/template, encoding/gob, custom UnmarshalJSON; slog.LogValuer is
// wrapped like String and MarshalJSON),
// native functions that block (os.Pipe, net, os/exec are refused with an
// error; io.Pipe is modelled in pipe.go; fmt.Fprint*, io.WriteString,
// io.ReadAll and io.Copy call interpreted Write and Read methods as ordinary
// calls, which may block). iter and
// unique run from source overlays (overlay/) that replace runtime
// coroutines and weak maps with goroutines, channels and a locked map.
// testdata/corpus and knownGaps in corpus_test.go list what is checked and
// what is known to differ.
package ssainterp
