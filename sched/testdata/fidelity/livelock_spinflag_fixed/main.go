// Command livelock_spinflag_fixed spins until the setter sets the flag: a
// spin-wait without yields, which ends under any fair scheduler even when
// the search starves the setter for a while.
//
// want: clean
package main

import "sync/atomic"

func main() {
	var ready atomic.Bool
	go func() {
		sum := 0
		for i := range 100 {
			sum += i
		}
		ready.Store(sum > 0)
	}()
	for !ready.Load() {
	}
}
