// Package detect finds the four patterns of suspicious method pairs of
// Pavel Parizek and Frantisek Plasil, "Heuristic Reduction of Parallelism
// in Component Environment", CBSE 2008 (Sect. 2.1; "the paper" and
// "Parizek and Plasil 2008" in this package's comments), in Go code, and
// two patterns of mcheck's own, as go/analysis analyzers over SSA. A
// finding says that two methods of a component are worth running in
// parallel; its weight, from the paper's Table 1, says how much. envgen
// sums them per method pair (the paper's weight of a pair ⟨m1, m2⟩) to
// reduce the parallelism of calling protocols; mcheck.Component then
// decides whether a finding is a bug.
//
// # The patterns
//
// The paper looks for Java synchronized blocks and Object.wait/notify in
// byte code. The Go counterparts:
//
//   - P1 (analyzer lockorder): locks taken in reverse nesting order, mu1
//     then mu2 in one method and mu2 then mu1 in another. Beyond the paper,
//     whose patterns are pairs and so miss the three-method cycle of its
//     Sect. 4, P1 builds a lock-order graph (an edge a → b when b is
//     acquired with a held) over the whole package and reports each
//     elementary cycle once, whatever its length: two methods, three or
//     more, or one method that nests two instances of one lock (a transfer
//     between two accounts, which two calls in opposite directions take in
//     opposite orders). A cycle all of whose edges are taken under one
//     same other lock (a gate) is not reported.
//   - P2 (lockedwait): a sync.Cond.Wait that holds, besides its own lock
//     (which Wait releases), an outer lock that the method calling Signal
//     or Broadcast on the same condition variable holds there: the waker
//     can never get to the Signal. The condition's own lock is the one
//     given to sync.NewCond (or stored in its L) when the package does so
//     visibly, else the innermost lock held. Its Go sibling: a send or
//     receive on a channel while holding a lock that the method at the
//     other end (receive, send or close) holds there. A channel operation
//     releases nothing, so one held lock is enough for it. A select with
//     a default case does not block; one with a channel that cannot be
//     named (a context's Done, a timer) may be woken from outside and is
//     not reported.
//   - P3 (mixedlocks): a field accessed in two methods (or two calls of
//     one), at least once written, under different locks, or under a lock
//     on one side and no lock on the other.
//   - P4 (unsyncshared): unsynchronised use of the elements of a map,
//     slice, container/list or container/ring held in a field or global:
//     accessed with no lock on at least one side, written on at least one
//     side. With no lock on either side it is reported only when both
//     methods' receiver types take a lock somewhere (types meant for
//     concurrent use), and the same holds for P3 on a plain field, which
//     is never reported with no lock on either side.
//   - P5 (splitsection), mcheck's own, not the paper's: a method reads a
//     field under a lock, releases it, takes it again and writes the
//     field (check-then-act split over two critical sections: the lost
//     wake-up of a semaphore that decides to wait in one section and
//     queues its waiter in the next, the double close of a Shutdown that
//     checks its flag under the read lock and closes under the write
//     lock), paired with every method that writes the field under the
//     lock. A second section that reads the field again on a line before
//     the write (checks again) is not reported. Weight 0.8, as P3 across
//     types: the paper's Table 1 has no entry for it.
//   - P6 (waitloop), mcheck's too: a sync.Cond.Wait on no cycle of its
//     function's control-flow graph (not in a loop, against sync.Cond's
//     documentation), paired with the methods that Signal or Broadcast
//     the condition and with the waiting method itself (another waiter
//     takes what the wake-up was for). Weight 0.5, as P2.
//
// # Weights
//
// Table 1 of the paper, the weight of each instance:
//
//	pattern  P1 (t1=t2)  P1 (t1≠t2)  P2   P3 (t1=t2)  P3 (t1≠t2)  P4 (t1=t2)  P4 (t1≠t2)
//	weight   0.3         1           0.5  0.25        0.8         0.25        0.9
//
// In the paper t1 and t2 are the Java types of the two lock objects (P1,
// P3) or of the classes involved (P4). Every Go lock is a sync.Mutex or
// sync.RWMutex, so the type that tells locks apart is the one that owns
// them: for P1 and P3, t1 = t2 when the two locks are fields of the same
// struct type, or both package-level variables of the package
// ((*Processor).inventoryMu and (*Processor).ordersMu are t1 = t2,
// (*Bank).mu and (*Ledger).mu are not); a P3 instance with no lock on one
// side counts as t1 ≠ t2. For P4, which involves no lock, t1 and t2 are
// the receiver types of the two methods. A P1 cycle is t1 = t2 when all
// its locks have one owner. Weight(p, same) returns the table; Weights
// sums the findings of each method pair.
//
// # How it works
//
// A lock, condition variable, channel or shared variable is named by where
// it lives, not which object it is: a field of a struct type, written
// "(*Account).mu", a field of a struct held by value in another written by
// its path ("(*State).d1.mu"), or a package-level variable ("bank.mu").
// Instances of a type share their names; that is the abstraction the
// paper's types make. Locks held through a sync.Locker field and c.L of a
// condition variable made by sync.NewCond(&x.mu) are named too.
//
// The roots are the package's exported functions and methods outside
// _test.go files (a component's operations). For each root a lockset
// dataflow over its SSA blocks computes the locks certainly held at each
// instruction: Lock and RLock add an instance, Unlock and RUnlock remove
// one, a merge keeps what every incoming path holds, and a deferred
// Unlock keeps the lock to the end of the function. Calls to functions
// and methods of the same package (and closures called directly) are
// followed one level: the callee is analysed from the caller's lockset,
// its events are the root's, "via" the callee, and its lockset at return
// is the caller's after the call, so helpers that lock, unlock, or expect
// the lock held all work; the callee's own calls are not followed. The
// walk records lock acquisitions with the locks held (P1), waits, sends,
// receives, Signal, Broadcast and close (P2), and loads and stores of
// fields and globals and uses of map, slice and container elements (P3,
// P4). Only accesses reached from the receiver, a global, or a value got
// from them count; a fresh allocation (a constructor filling in its
// result) and other parameters are not shared.
//
// # Output
//
// Analyzer computes every Finding of a package and reports nothing; the
// six pattern analyzers (Analyzers: lockorder (P1), lockedwait (P2),
// mixedlocks (P3), unsyncshared (P4), splitsection (P5) and waitloop
// (P6)) report its findings of their pattern as diagnostics, one
// per site (the unsynchronised read of a map against all its writers is
// one diagnostic, with each writer as related information), each ending
// with its weight, and return them as their result. Detect and
// DetectPackage compute the findings without an analysis pass, from the
// SSA of a package. The command cmd/mcheck-vet runs the analyzers under
// go vet:
//
//	go vet -vettool=$(which mcheck-vet) ./...
//
// On this module the detectors report nothing outside examples/. On
// examples/components they find each injected bug as the pattern the
// paper names for it: the lock-order deadlock of orderprocessor (P1,
// PlaceOrder against CancelOrder), the unlocked map reads of
// transientipdb and accountdatabase and the unlocked slice walk of
// ipaddressmanager (P4), and the counters and flags written after the
// unlock in objectpool, hashmap and pessimistic (P3). The fixed twins
// share the buggy ones' code (the fix is behind a flag), so the findings
// are the same for both: a finding is a reason to look, not a bug.
//
// # Not detected
//
//   - Anything that needs to know which object a lock or field belongs to:
//     two instances of a type share their names, so a field guarded by the
//     lock of its own instance in one method and of another instance in
//     another looks guarded, and P1 cannot tell a lock order fixed by
//     address or index from a real cycle between instances.
//   - Locks taken in a loop (every segment of a map, one at a time, then
//     all released): the must-analysis does not know them held after the
//     loop, so accesses there look unlocked (hashmap's Size is reported
//     for this reason). Locks taken on only some paths (if fixed { Lock })
//     likewise count as not held after the merge.
//   - Calls more than one level deep, calls through interfaces or function
//     values (other than a closure called directly), goroutines started by
//     a method (their code is not followed), other packages' code, and
//     locks passed as parameters or kept in locals or slices.
//   - TryLock, sync.Once, sync.WaitGroup, atomics (an atomic access is not
//     an access here), and the read/write distinction of RWMutex (a write
//     under RLock is not reported; two RLocks nested in reverse count as a
//     cycle).
//   - Elements modified through a pointer kept in a map or slice
//     (m[k].x = v is an access to the field x of the element's type), a
//     list walked through its *list.Element values (e.Next() after the
//     unlock), and methods of other element types (a bytes.Buffer field
//     written through its methods).
//   - Channel capacity: a send on a buffered channel blocks only when it is
//     full, but P2 treats every send as blocking.
//   - A lost wake-up (a Signal that is simply missing, as in the
//     pessimistic manager's Write): P2 is about a waker that cannot reach
//     its Signal, not one that forgets it.
//   - Unexported methods are not roots; exported functions are, with the
//     methods.
package detect
