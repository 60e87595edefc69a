// Command selectbug: a select over two channels panics when it takes the
// second sender's value after the first sender has already gone on to
// its next send: a bug that needs a particular order of three goroutines.
package main

func main() {
	a := make(chan int, 1)
	b := make(chan int, 1)
	c := make(chan int, 1)
	go func() { a <- 1; c <- 1 }()
	go func() { b <- 2 }()
	select {
	case <-a:
		<-b
	case <-b:
		select {
		case <-c:
			panic("b taken after a's sender finished")
		default:
		}
		<-a
	}
}
