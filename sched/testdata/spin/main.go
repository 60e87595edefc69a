// Command spin waits for a flag with a Gosched loop, as lock-free code
// does: a fair scheduler lets the setter run.
package main

import (
	"runtime"
	"sync/atomic"
)

func main() {
	var ready atomic.Bool
	go func() { ready.Store(true) }()
	for !ready.Load() {
		runtime.Gosched()
	}
}
