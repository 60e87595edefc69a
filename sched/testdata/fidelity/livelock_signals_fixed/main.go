// Command livelock_signals_fixed sends 50,000 values to a consumer (far
// more scheduling steps than the default step budget: the execution goes
// on under the fair scheduler and ends) and waits for it before reading
// the total.
//
// want: clean
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
	<-done
	if total != 50_000 {
		panic("lost values")
	}
}
