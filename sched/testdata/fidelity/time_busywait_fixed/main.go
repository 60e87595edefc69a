// Command time_busywait_fixed spins on the clock for 5ms and then waits for
// the writer properly: the busy-wait ends and nothing races.
//
// want: clean
package main

import "time"

func main() {
	var result []int
	done := make(chan struct{})
	go func() {
		result = append(result, 1)
		close(done)
	}()
	start := time.Now()
	for time.Since(start) < 5*time.Millisecond {
	}
	<-done
	if len(result) != 1 {
		panic("lost the write")
	}
}
