package sched

import (
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The host's garbage collector during an exploration. An exploration's
// garbage is its executions' (machines, frames, the program's own
// objects), dead when the next execution starts, while the live heap is
// mostly the loaded program (types, SSA, compiled code), which every
// collection marks again. With the runtime's default pacing (GOGC=100:
// collect when the heap has doubled) a test binary checking a component
// spent a third of its CPU time collecting, most of it marking the same
// program. So while explorations run, the heap may grow by gcHeadroom
// over the live heap before a collection (for a small live heap; a
// large one keeps the default: the heap may double), and the setting the
// process had is restored when the last exploration ends. cmd/compile
// does the same for its starting heap (AdjustStartingHeap, Go 1.25).
//
// A process that chose its own pacing keeps it: GOGC or GOMEMLIMIT in the
// environment, or a percentage or memory limit set with runtime/debug.
const gcHeadroom = 96 << 20

var gcTuning struct {
	sync.Mutex
	running int  // explorations in progress
	tuned   bool // the percentage is ours; prev is the process's
	prev    int
}

// tuneGC raises the collector's percentage for the exploration that
// calls it; call the function it returns when the exploration is over.
func tuneGC() (restore func()) {
	t := &gcTuning
	t.Lock()
	defer t.Unlock()
	t.running++
	if t.running == 1 {
		if p, ok := gcPercent(); ok {
			t.prev, t.tuned = debug.SetGCPercent(p), true
		}
	}
	return func() {
		t.Lock()
		defer t.Unlock()
		t.running--
		if t.running == 0 && t.tuned {
			debug.SetGCPercent(t.prev)
			t.tuned = false
		}
	}
}

// gcPercent returns the percentage that lets the heap grow by gcHeadroom
// over the live heap, and false if the process chose its own pacing or
// the default already allows as much.
func gcPercent() (int, bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return 0, false
	}
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() != metrics.KindUint64 {
			return 0, false // not this runtime's metric: leave it alone
		}
	}
	if s[0].Value.Uint64() != 100 || s[1].Value.Uint64() != math.MaxInt64 {
		return 0, false
	}
	live := max(s[2].Value.Uint64(), 4<<20) // 0 before the first collection
	p := int(100 * gcHeadroom / live)
	if p <= 100 {
		return 0, false
	}
	return min(p, 2000), true
}
