// Command selectready: a select over two channels that two goroutines
// send on, then a receive of the other value.
package main

func main() {
	a := make(chan int, 1)
	b := make(chan int, 1)
	go func() { a <- 1 }()
	go func() { b <- 2 }()
	select {
	case <-a:
		<-b
	case <-b:
		<-a
	}
}
