// Command channilselect merges two channels in a select, setting each to
// nil once it is closed so that its case is disabled.
package main

func main() {
	a := make(chan int)
	b := make(chan int)
	go func() {
		a <- 1
		a <- 2
		close(a)
	}()
	go func() {
		b <- 10
		close(b)
	}()
	sum, n := 0, 0
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			sum += v
			n++
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			sum += v
			n++
		}
	}
	if sum != 13 || n != 3 {
		panic("FAIL: merge")
	}
}
