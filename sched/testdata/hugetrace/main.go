// Command hugetrace runs a long execution of many goroutines that ends
// in a deadlock with many goroutines blocked: 300 workers send 20 values
// each and then report done, main receives every value and 200 of the
// reports and then waits for ever, so the report's trace has about
// 12,000 steps of 301 goroutines, 101 of them blocked.
package main

const (
	workers = 300
	each    = 20
	waited  = 200
)

func main() {
	ch, done := make(chan int), make(chan int)
	for i := range workers {
		go func() {
			for j := range each {
				ch <- i*each + j
			}
			done <- i
		}()
	}
	for range workers * each {
		<-ch
	}
	for range waited {
		<-done
	}
	select {}
}
