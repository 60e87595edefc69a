// Command time_unreadticker blocks every goroutine while a ticker nobody
// reads is pending. Go (since 1.23) keeps a timer channel's timer in the
// runtime's heap only while a goroutine waits on the channel, so it
// reports "all goroutines are asleep - deadlock!" at once; firing the
// ticker again and again wakes nobody.
//
// want: global deadlock
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
	<-done
}
