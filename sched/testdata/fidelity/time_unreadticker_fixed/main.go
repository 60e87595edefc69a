// Command time_unreadticker_fixed unlocks after a sleep, while the
// ticker nobody reads fires: the sleep ends, the goroutine gets the lock,
// and the ticker's channel holds a tick.
//
// want: clean
package main

import (
	"sync"
	"time"
)

func main() {
	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	var mu sync.Mutex
	mu.Lock()
	done := make(chan bool)
	go func() {
		mu.Lock()
		done <- true
	}()
	time.Sleep(20 * time.Millisecond)
	mu.Unlock()
	<-done
	<-tk.C
}
