// Command livelock_spinflag spins until a flag is set, but the setter sets
// the wrong flag: no fair scheduler ends this loop.
//
// want: livelock [no progress under a fair scheduler]
package main

import "sync/atomic"

func main() {
	var ready, started atomic.Bool
	go func() {
		sum := 0
		for i := range 100 {
			sum += i
		}
		started.Store(sum > 0) // meant: ready
	}()
	for !ready.Load() {
	}
}
