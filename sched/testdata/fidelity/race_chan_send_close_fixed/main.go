// Command race_chan_send_close_fixed closes the channel only after the
// sender is done, so the sends (one of them a select's case) happen
// before the close; and a producer closes the channel its consumer ranges
// over, which receives but never sends.
//
// want: clean
package main

func main() {
	ch, done := make(chan int, 2), make(chan struct{})
	go func() {
		defer close(done)
		ch <- 1
		select {
		case ch <- 2:
		default:
		}
	}()
	<-done
	close(ch)
	n := 0
	for v := range ch {
		n += v
	}
	if n != 3 {
		panic("a value is lost")
	}
	res := make(chan int)
	go func() {
		for i := range 3 {
			res <- i
		}
		close(res)
	}()
	for range res {
	}
}
