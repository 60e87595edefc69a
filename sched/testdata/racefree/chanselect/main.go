// Command chanselect selects over several channels: two producers on
// their own channels and a quit channel closed once both are drained.
package main

func main() {
	a := make(chan int)
	b := make(chan string)
	quit := make(chan struct{})
	done := make(chan struct{})
	var total int
	var names []string
	go func() {
		defer close(done)
		for {
			select {
			case v := <-a:
				total += v
			case s := <-b:
				names = append(names, s)
			case <-quit:
				return
			}
		}
	}()
	fin := make(chan struct{}, 2)
	go func() {
		for i := 1; i <= 3; i++ {
			a <- i
		}
		fin <- struct{}{}
	}()
	go func() {
		b <- "x"
		b <- "y"
		fin <- struct{}{}
	}()
	<-fin
	<-fin
	close(quit)
	<-done
	if total != 6 || len(names) != 2 {
		panic("FAIL: select lost a message")
	}
}
