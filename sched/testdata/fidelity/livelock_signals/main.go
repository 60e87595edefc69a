// Command livelock_signals sends 50,000 values to a consumer (far more
// scheduling steps than the default step budget) and then reads the total
// without waiting for the consumer to finish.
//
// want: data race
// executions: 3
package main

func main() {
	ch := make(chan int)
	done := make(chan bool)
	total := 0
	go func() {
		for v := range ch {
			total += v
		}
		done <- true
	}()
	for range 50_000 {
		ch <- 1
	}
	close(ch)
	if total > 50_000 {
		panic("too many")
	}
	<-done
}
