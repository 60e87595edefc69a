// Package edarace is a data race that only a rare interleaving reaches,
// the kind the EDA's race fitness (heuristics.Race) is for: ping and
// pong each swap their name into a shared word rounds times, counting a
// turn whenever the word held the other's name. Then each adds its part
// to a total. Add takes a lock-free shortcut, meant for a run where the
// two took turns all the time (a "rally"), but the shortcut writes the
// total without the lock the other goroutine takes: a data race. The
// race needs the goroutines to alternate on nearly every swap, which a
// random schedule almost never does (for 30 rounds, the random walk does
// not in thousands of executions).
//
// Fixed is the fixed twin: the shortcut takes the lock too.
package edarace

import (
	"sync"
	"sync/atomic"
)

// Rally is the state ping and pong share.
type Rally struct {
	last  int32 // who swapped last, 1 ping, 2 pong (atomic)
	turns int32 // swaps that found the other's name (atomic)
	total *Total
}

// Total is the sum the two add to, under its lock.
type Total struct {
	mu sync.Mutex
	n  int
}

// Play runs ping and pong for rounds each and returns the total.
func Play(rounds int) int { return play(rounds, false) }

// PlayFixed is Play with the shortcut under the lock.
func PlayFixed(rounds int) int { return play(rounds, true) }

func play(rounds int, fixed bool) int {
	r := &Rally{total: new(Total)}
	rally := int32(2*rounds - 2) // the turns of a rally
	var wg sync.WaitGroup
	wg.Add(2)
	// Ping and pong are written out, not one function of the name: the
	// EDA tells actions apart by their source lines.
	go func() {
		defer wg.Done()
		for range rounds {
			if atomic.SwapInt32(&r.last, 1) == 2 {
				atomic.AddInt32(&r.turns, 1)
			}
		}
		r.add(rally, fixed)
	}()
	go func() {
		defer wg.Done()
		for range rounds {
			if atomic.SwapInt32(&r.last, 2) == 1 {
				atomic.AddInt32(&r.turns, 1)
			}
		}
		r.add(rally, fixed)
	}()
	wg.Wait()
	return r.total.n
}

// add adds one to the total: under the lock, or, after a rally and
// unless fixed, without it (the bug).
func (r *Rally) add(rally int32, fixed bool) {
	if !fixed && atomic.LoadInt32(&r.turns) >= rally {
		r.total.n++
		return
	}
	r.total.mu.Lock()
	r.total.n++
	r.total.mu.Unlock()
}
