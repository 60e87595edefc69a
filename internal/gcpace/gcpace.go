// Package gcpace paces the host's garbage collector while mcheck loads a
// program or explores it.
//
// Both make mostly long-lived data or garbage that is dead by the next
// step, and the runtime's default pacing (GOGC=100: collect when the heap
// has doubled) makes them mark the same live data again and again:
//
//   - A load (ssainterp.Load) builds syntax, types and SSA that stay live,
//     with the parser's and type checker's garbage beside them. Its heap
//     starts at a few megabytes and doubles many times on the way, each
//     time collecting while the data made so far is still live: a fifth
//     to a quarter of a small program's load (testify: 0.33s of wall time
//     in all against 0.25s with the headroom below).
//   - An exploration's garbage is its executions' (machines, frames, the
//     program's own objects), dead when the next execution starts, while
//     the live heap is mostly the loaded program, which every collection
//     marks again: a test binary checking a component spent a third of
//     its CPU time collecting.
//
// So while a caller holds the pacing (Hold), the heap may grow by a
// headroom over the live heap before a collection, instead of doubling
// it: 48 MB during a load (Load), 96 MB during an exploration (Explore),
// the larger when both are held. A live heap larger than the headroom is
// paced as by default (the heap may double), so the headroom bounds how
// much more memory a check takes: a load of net/http, whose live heap
// passes 48 MB early and ends between 60 and 80 MB (GODEBUG=gctrace=1),
// peaks where the default pacing has it. The percentage
// is worked out again after every collection, from the live heap it left
// (a load's grows all along). The setting the process had comes back
// when the last holder releases it. cmd/compile does the same for its
// starting heap (AdjustStartingHeap, Go 1.25).
//
// A process that chose its own pacing keeps it: GOGC or GOMEMLIMIT in the
// environment, or a percentage or memory limit set with runtime/debug,
// before the pacing was held or while it is (a percentage the process
// sets then is neither re-paced nor undone by the release).
package gcpace

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The headrooms of Hold.
const (
	Load    = 48 << 20 // while a program loads
	Explore = 96 << 20 // while explorations run
)

// pacer is the state of the pacing, pacing.
type pacer struct {
	sync.Mutex
	held  map[uint64]int // holders in progress, by headroom
	tuned bool           // the percentage is ours; the process's is the default's 100
	set   int            // the percentage last set (tuned)
	chain int            // the chain of finalizers that re-paces after collections (arm)
}

var pacing pacer

// Hold lets the heap grow by headroom over the live heap between
// collections until the function it returns is called (once).
func Hold(headroom uint64) (release func()) {
	p := &pacing
	p.Lock()
	defer p.Unlock()
	if len(p.held) == 0 && !ownPacing() {
		p.tuned, p.set = true, 100
		p.chain++
		arm(p.chain)
	}
	if p.held == nil {
		p.held = map[uint64]int{}
	}
	p.held[headroom]++
	p.repace()
	var once sync.Once
	return func() {
		once.Do(func() {
			p.Lock()
			defer p.Unlock()
			if p.held[headroom]--; p.held[headroom] == 0 {
				delete(p.held, headroom)
			}
			switch {
			case len(p.held) > 0:
				p.repace()
			case p.tuned:
				p.restore()
			}
		})
	}
}

// repace sets the percentage for the largest headroom held and the live
// heap the last collection left, if the pacing is ours. p is locked.
func (p *pacer) repace() {
	if !p.tuned {
		return
	}
	var headroom uint64
	for h := range p.held {
		headroom = max(headroom, h)
	}
	if gogc() != p.set {
		p.tuned = false // the process set a percentage of its own meanwhile: it keeps it
		return
	}
	p.set = percent(headroom, liveHeap())
	debug.SetGCPercent(p.set)
}

// restore ends the pacing: the default's percentage comes back, unless
// the process set one of its own meanwhile. p is locked.
func (p *pacer) restore() {
	if gogc() == p.set {
		debug.SetGCPercent(100)
	}
	p.tuned = false
}

// percent is the percentage that lets the heap grow by headroom over
// live (at least the default's 100, at most 2000).
func percent(headroom, live uint64) int {
	live = max(live, 4<<20) // 0 before the first collection
	return int(min(max(100*headroom/live, 100), 2000))
}

// sentinel is an object whose finalizer runs after a collection.
type sentinel struct{ _ *int }

// arm sets a finalizer on a new object, which runs after the next
// collection: it re-paces and arms the next, as long as chain is the
// pacing's chain (a release and a new Hold start a new one).
func arm(chain int) {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		p := &pacing
		p.Lock()
		defer p.Unlock()
		if p.tuned && p.chain == chain {
			p.repace()
			if p.tuned { // the process may have taken the pacing back
				arm(chain)
			}
		}
	})
}

// gogc is the collector's percentage (GOGC; -1 if the runtime does not
// say).
func gogc() int {
	v, ok := metric("/gc/gogc:percent")
	if !ok {
		return -1
	}
	return int(v)
}

// liveHeap is the live heap the last collection left.
func liveHeap() uint64 {
	v, _ := metric("/gc/heap/live:bytes")
	return v
}

// metric reads the runtime metric name, and false if this runtime has
// no such metric of an integer value.
func metric(name string) (uint64, bool) {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0, false
	}
	return s[0].Value.Uint64(), true
}

// ownPacing reports whether the process chose its own pacing, or runs
// on a runtime whose metrics are not these.
func ownPacing() bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return true
	}
	limit, ok := metric("/gc/gomemlimit:bytes")
	if _, live := metric("/gc/heap/live:bytes"); !ok || !live {
		return true
	}
	return gogc() != 100 || limit != math.MaxInt64
}
