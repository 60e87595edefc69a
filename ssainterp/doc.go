// Package ssainterp runs Go programs from their SSA form
// (golang.org/x/tools/go/ssa) with every goroutine owned by the
// interpreter, so that a scheduler can decide, deterministically, which
// goroutine moves at each visible operation.
//
// # How it works
//
// Load builds SSA once per process for the packages it is given (a second
// Load of the same patterns returns the cached Program). Only the packages
// that run from SSA (and standard packages with exported generic code they
// reach) are parsed and type-checked from source; the packages they
// import have their types from export data in the build cache
// (loadtypes.go), found through a list kept in the user's cache
// directory; large tables of constants are evaluated from the syntax
// instead of being type-checked and built (tables.go). So a check's
// load costs a few hundred milliseconds. Each function is
// compiled once, lazily, into a slice of closures (op) over a frame whose
// registers are slot-indexed: every SSA value, constant and global has a
// fixed slot, scalars live unboxed in value.n, and operations are chosen by
// type at compile time. There is no map lookup per operand.
//
// A goroutine is a chain of frames; the dispatch loop runs ops until one
// returns nil. Calls push frames instead of recursing on the host stack, so
// a goroutine can stop anywhere: between two steps nothing of it is on the
// host stack. An interpreted goroutine is data (its frames), never a host
// goroutine.
//
// # Where the state lives
//
// A Program (load.go) is the loaded, SSA-built program: the compiled
// functions, the run-time types and the model lookups. It is immutable
// once loaded apart from caches guarded by locks (each function is
// compiled under a sync.Once the first time it is called), so many
// Machines share one Program and run side by side on several workers.
//
// A Machine (machine.go) is one execution and runs once: the globals, the
// goroutines by id, the virtual clock and its timers, the race detector's
// shadow memory and synchronisation clocks (memory.go), the program's
// output, and the state of the models (pools, pipes, the test a test
// runner goroutine runs). Machine.Release hands a finished machine,
// emptied but for its storage (frames, arenas of shadows, clocks and
// goroutine records, the argument stack), to the next execution of the
// same program (reuse.go).
//
// A goroutine (type goroutine in machine.go) is the interpreter's: its
// id, its top frame, its scheduling state (runnable: it has code to run
// before its next visible operation; pending: it is stopped before one,
// described by an opDesc (chan.go) that says what it waits for and when
// it is enabled; done), the panics in flight on it, its call depth, its
// vector clock and where it was created. Its stack is the chain of frames
// (type frame in interp.go) from its top frame through each frame's
// caller: a frame holds the function, the pc of its next op, the
// registers, the deferred calls and the unwinding state of a panic or
// Goexit. Frames are recycled: a returned frame goes to the machine's free
// list and, when the machine is released, to the next machine.
//
// A value (value.go) is two words: scalars unboxed in n, everything else
// (strings, pointers as *value cells, slices, aggregates, maps, channels,
// closures, interfaces) in r. Memory is made of those cells, so the race
// detector and the shared-memory tracking key on a cell (or a whole map).
//
// # Visible operations
//
// A visible operation is one another goroutine can observe, and the only
// place where a goroutine stops so that a scheduler can choose which
// goroutine moves next:
//
//   - a go statement; channel send, receive and close, and select;
//   - every operation of a modelled sync object (Mutex, RWMutex,
//     WaitGroup, Map, the notify list under Cond) and every sync/atomic
//     operation;
//   - sleeps, a timer's Stop and Reset, and reads of the virtual clock
//     (time.Now, Since, Until); runtime.Gosched;
//   - io.Pipe reads and writes; t.Run and t.Parallel of an interpreted
//     test;
//   - with Config.SharedPoints, loads and stores of memory that more than
//     one goroutine has touched.
//
// The other choices of an execution, among a select's ready cases and at
// mcheck.Choose, are made through Config.Choose (by the execution's seeded
// generator without it). Between two visible operations a goroutine runs
// without interruption; a goroutine that returns from its function
// finishes within the step that ran it.
//
// Before each visible operation the goroutine records an opDesc and stops
// (Machine.visible); the op that stopped it runs again when the goroutine
// is next stepped, this time performing the operation. The opDesc says
// which operation by a WaitReason (wait.go), an enum as the runtime's
// waitReason is: code compares it (Machine.Wait, Goroutine.Wait), and its
// String gives the words reports show (Goroutine.Op), which nothing
// parses back. A goroutine stopped before a channel operation is in the
// channel's queues, so that a partner can complete the operation for it
// as if it had parked there. That is a schedule Go has for a send or a
// receive, but a select parks only when none of its cases is ready: a
// stopped select with a case ready by a buffer or a closed channel is a
// partner only where the other side could have parked first (partner,
// chan.go). A timer is such a partner too: Go's timer channels are
// synchronous, so a timer that fires while a receive or select that
// cannot move waits on its channel completes it (parkedReceiver,
// time.go); a case that becomes ready later cannot take its place. So
// is a close: it wakes a select that has had no case ready since before
// the clock last moved with its case on the closed channel (chanClose),
// as Go's closechan readies the goroutines waiting on the channel (a send
// case is left alone, and panics when the select runs); a
// select stopped since the clock last moved may have been preempted
// before it rather than parked, and runs it when next stepped.
//
// # The step API
//
// A scheduler (package sched) drives a Machine one visible operation at a
// time (step.go): Start prepares the main goroutine of a main package
// (StartTest, in testing.go, that of a test function) without running
// anything; Enabled lists the goroutines that can move; StepID moves one
// of them past its pending operation and runs it to its next one (or
// until it blocks or finishes); Goroutine, Next, Pending and PendingAccess
// describe what a goroutine is stopped at, for reports and for
// partial-order reduction; NextTimer, AdvanceClock and FireDueTimers move
// the virtual clock, which a scheduler may do at any choice point (see
// time.go); Done tells whether the execution has ended and Finish returns
// its Result. Machine.RunMain is the
// simple scheduler over the same primitive: the current goroutine runs
// until it blocks, then the lowest-numbered enabled one. When nothing is
// enabled and no timer is pending the program ends with Go's "all
// goroutines are asleep - deadlock!" and its goroutine dump.
//
// # Memory, races and faults
//
// With Config.SharedPoints, loads and stores of memory that more than one
// goroutine has touched are visible operations, and with Config.Races
// every access is checked against the happens-before order with vector
// clocks (memory.go), as Go's race detector checks it: per word, so that
// a load or store of a whole struct or array overlaps an access to one of
// its fields or elements; atomic operations racing with plain accesses to
// the same word (never with each other); accesses made through the
// reflect model; and WaitGroup misuse, an Add that starts the counter from
// zero concurrent with a Wait (the race -race reports), a negative counter
// and reuse before a previous Wait has returned (the runtime's panics).
// Memory a goroutine allocated and alone touched stays invisible, so the
// schedule space grows only with real sharing. A store of a struct or
// array writes into the fields and elements the memory already has, so
// pointers into it stay valid.
//
// Panics are interpreted: a run-time error in an op is raised as a host
// panic (goPanic) caught by the dispatch loop, which unwinds interpreted
// frames, running deferred calls, with recover semantics across frames.
// Faults of the interpreter itself (unsupported constructs, internal
// errors) are reported separately, with the function, file and line.
//
// Bounds of the interpreter's are limits, not program failures: loop
// iterations between two scheduling points (Config.MaxSteps), call depth (Config.MaxDepth, 100000 calls)
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
// Packages are interpreted (the user's, the service layer described
// below, and context, sort, slices, maps,
// cmp, iter, unique, errors, sync, sync/atomic, container/*, the packages
// that call the program's Read and Write methods: io and bufio, fmt when
// it must call the program's methods, log (its standard logger writes to
// the execution's os.Stderr with the virtual clock's time) and log/slog
// (its handlers write through the program's writers under a mutex the
// scheduler sees, its default handler through log), and the
// packages that reflect over
// the user's values: encoding/json, encoding/xml, encoding/gob,
// text/template, html/template), modelled by name (sync.Mutex/RWMutex/
// WaitGroup/Map/Pool, the notify list under sync.Cond, sync/atomic's
// functions, runtime.Gosched/Goexit/NumGoroutine, time's clock, sleeps and
// timers on a virtual clock, io.Pipe, the global functions of math/rand
// and math/rand/v2 and the runtime's fastrand, drawing from the
// execution's seed (rand.go), the runtime functions libraries reach by
// go:linkname and runtime.Callers/Caller/CallersFrames/FuncForPC/Stack,
// which answer from the interpreted stack (linkname.go), errors.Is/As,
// sort.Slice, and all of package reflect: see reflect.go), or bridged:
// called natively through the generated table in internal/stdlib. Values
// cross the bridge by conversion: structs through reflect.StructOf, named
// types whose methods native code may call (String, Error, Format,
// GoString, MarshalJSON) as wrappers whose methods call back into the
// interpreter; callbacks from native code run nested and may not block (a
// clear error if they try).
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
// GODEBUG settings that interpreted code reads (internal/godebug, and
// math/rand's Seed) come from $GODEBUG, else from the defaults the go
// command links into a program of the module under test: the old value
// of each setting whose default changed after the go version its go.mod
// declares (Program.godebug; a module of go 1.21 serves with the ServeMux
// of Go 1.21, httpmuxgo121=1). Not followed: go.mod's godebug lines,
// //go:debug directives, and the settings of packages mcheck models
// rather than runs (time's asynctimerchan: timers behave as in Go 1.23
// and later whatever the module's version).
//
// # The service layer and the network
//
// The rule for a standard package: it is interpreted when its own
// goroutines, locks, channels or timers must be scheduled and raced like
// the program's, or when it calls back into the program where the
// program may block; it stays native (bridged) when it is a leaf that
// computes (strings, strconv, crypto hashes, compression, net/url,
// net/netip) over values that cross cheaply. A leaf over []byte is
// interpreted when the program's memory is its state or its argument:
// bytes (a bytes.Buffer shared by two goroutines races in its fields, as
// Go's race detector reports; and each bridged call copied the whole
// slice both ways) and unicode/utf8 (encoding/json decodes one rune at a
// time from the rest of its buffer). A native type whose state the
// program shares (strings.Builder and Reader, math/rand's Rand) has its
// methods read or write the receiver for the race detector
// (receiverAccesses, bridge.go). So net/http (server, client, Transport; httptest's
// recorder and servers; httputil's ReverseProxy and dumps), net/textproto, mime/multipart, net/rpc and
// net/rpc/jsonrpc, database/sql with database/sql/driver (its pool and
// connectionOpener goroutine), flag, os/signal, testing/synctest and
// package net itself run from SSA, with the plain-Go helpers they call
// (internal/bytealg's portable half, internal/byteorder, stringslite,
// itoa, strconv, singleflight, nettrace, and the vendored x/net packages
// http/httpguts, httpproxy, hpack, idna, dnsmessage). net/http, httptest,
// net/url and net imported only by testify (for assertions a test rarely
// calls) stay bridged (serviceLayer in load.go): interpreted, their
// package initialisation would run at the start of every execution of
// every test that uses testify. Types of standard
// packages that are neither (crypto/tls's, which net/http names) are laid
// out as the interpreter's own (Program.ownsLayout): only a call of their
// functions is an error.
//
// Package net runs Go's source over an in-memory loopback network
// (overlay/net/memnet.go.txt, netmodel.go): the files that reach the
// operating system are replaced by a netFD of plain Go over sync.Mutex
// and sync.Cond, so every accept, read, write and close is a visible
// operation, a write happens-before the read that sees its bytes (and,
// as both ends share a mutex, any operation on a connection the later
// ones: a race ordered only that way is missed, never invented), and a
// goroutine parked on a connection at the end of a test is judged like
// the program's. TCP, UDP and Unix sockets on loopback addresses and
// localhost; port 0 picks ports from 32768 up, in order; a connection's
// receive buffer holds 64 KiB (a Write blocks while the peer's is full);
// Go's own errors (*net.OpError around the syscall errnos, net.ErrClosed,
// os.ErrDeadlineExceeded); deadlines on the virtual clock. Raw control
// (SyscallConn's Control and Read, Dialer.Control, ListenConfig.Control)
// runs its function with a descriptor of the model whose socket options
// are modelled (set: accepted, no effect; get: ENOPROTOOPT) and which a
// syscall.Read inside Read's function reads without blocking. A dial,
// listen or lookup of any other address, raw IP sockets, SyscallConn's
// raw writes, net.FileConn and os/exec end the execution with an mcheck
// error naming what was tried and the program's line; nothing touches the
// host's network. os/signal keeps Go's Notify, Stop and NotifyContext; a
// signal arrives only when the program sends it to itself with
// syscall.Kill (overlay/signal_unix.go.txt). testing/synctest's bubbles
// are described in synctest.go. A program's os.Args holds no arguments
// unless the front end sets them (Program.SetArgs; mcheck run passes its
// ARGS), so a test's flag.Parse sees no flags of the go test binary.
//
// How fast all this runs, measured against the native build, and the
// work that made it so: docs/interp-speed.md at the module root
// (go test ./ssainterp -run TestInterpSpeed -interp.speed -v).
//
// # Not supported (yet)
//
//   - Accesses made inside native calls are summarised for the race
//     detector: a slice argument's elements are read (each word of a
//     struct element), and the elements the call changed are written;
//     other native memory is not tracked.
//   - Interpreted code called back by native code (log, encoding/csv, a
//     bytes.Buffer's ReadFrom, t.Errorf's formatting, the less function of sort.Slice)
//     runs nested: its visible operations are performed at once if they
//     are enabled, so they are not scheduling points, and one that would
//     block is an "unsupported: blocking operation" error.
//   - WaitGroup's "Add called concurrently with Wait" panic (an Add in the
//     instant between the last Done and the release of the waiters) is not
//     modelled: the last Done and the release are one step.
//   - unsafe beyond what unsafe.go supports (conversions between pointer
//     types of one memory layout, string and slice headers, func words,
//     an interface's type and data words read and written through a
//     header laid over the variable (unsafeiface.go), structs and words
//     of fixed-size fields laid over bytes (&b[i], a byte array's &a, or
//     one of them stepped by unsafe.Add or uintptr arithmetic) and
//     dereferenced at once (unsafebytes.go), unsafe.Add and
//     uintptr arithmetic within one allocation,
//     unsafe.String/StringData/Slice/SliceData over such memory, a type
//     word read as the runtime's type descriptor (size, kind, equal, a
//     map type's hasher: typedesc.go), and a pointer converted to a
//     scalar pointer of another layout kept for its identity only; the
//     rest is an "unsupported: unsafe ..." error at its line).
//   - //go:embed variables hold their files (embed.go); a pattern the go
//     command would refuse is a load error, not always the go command's.
//   - Functions without a Go body (assembly, go:linkname) other than the
//     runtime functions linkname.go models: loading always sets the
//     purego, noasm and disableunsafe build tags, so packages with a Go
//     fallback take it; the rest are an "unsupported: F has no Go body"
//     error. cgo.
//   - Reflection over interpreted types by bridged packages other than fmt
//     (encoding/binary sees unnamed struct types; a LogValuer passed
//     to native code is wrapped like String and MarshalJSON). In the
//     reflect model, Select, channel operations, the iterator methods
//     (Seq, Fields, Methods, ...), Interface of a method value and
//     reflection into a struct in native memory are an unsupported error
//     ("unsupported: (reflect.Value).Send is not modelled"), and so is a
//     case a model does not handle (a run-time error of the host inside
//     it), naming the function.
//   - Native functions that block: os.Pipe, net and os/exec are refused
//     with an error; io.Pipe is modelled (pipe.go).
//   - Allocation counts and timings: testing.AllocsPerRun and
//     testing.Benchmark are refused with an error naming them (natively
//     they would measure the interpreter, not the program as compiled).
//     runtime.ReadMemStats reports mcheck's accounting of the execution
//     (bytes and allocations charged, alloc.go; nothing is collected),
//     which serves a test that logs its memory use; a panic, failed test
//     or exit status after the program read it is not judged (it may come
//     from comparing counts the compiled program would not have) and ends
//     as an error, naming where it was read. Races, deadlocks and leaks
//     are still reported.
//   - Memory mappings other than anonymous private read-write ones made
//     by Mmap and released whole by Munmap (syscall, golang.org/x/sys/unix:
//     mmap.go) are refused. An access through the slice after Munmap
//     faults as natively on Linux, where a mapping's cells are host
//     memory outside the Go heap (mmaphost_linux.go); elsewhere it is
//     not detected.
//   - The runtime's coroutines and weak pointers: iter and unique run
//     from source overlays (overlay/) that replace them with goroutines,
//     channels and a locked map.
//   - Machine.Fingerprint abstracts a state by the goroutines' positions
//     and the clock, without the heap: it counts states for statistics.
//     Machine.StateHash (fingerprint.go) hashes the whole reachable state
//     for pruning, incrementally (the terms of what changed since the last
//     call), and without the race detector's clocks.
//
// testdata/corpus and knownGaps in corpus_test.go list what is checked
// against go run and what is known to differ.
package ssainterp
