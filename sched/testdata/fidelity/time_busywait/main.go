// Command time_busywait spins on the clock for 5ms "so the writer has
// finished" and then reads what it wrote: the busy-wait must end (the clock
// moves while code runs) and the read races with the write.
//
// want: data race
package main

import "time"

func main() {
	var result []int
	go func() {
		result = append(result, 1)
	}()
	start := time.Now()
	for time.Since(start) < 5*time.Millisecond {
	}
	_ = len(result)
}
