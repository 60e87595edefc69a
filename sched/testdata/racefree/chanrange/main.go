// Command chanrange has a producer send values and close the channel; the
// consumer ranges over it and reports the sum on another channel.
package main

func main() {
	ch := make(chan int, 2)
	sum := make(chan int)
	go func() {
		for i := 1; i <= 4; i++ {
			ch <- i
		}
		close(ch)
	}()
	go func() {
		s := 0
		for v := range ch {
			s += v
		}
		sum <- s
	}()
	if s := <-sum; s != 10 {
		panic("FAIL: wrong sum")
	}
}
