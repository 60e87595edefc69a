// Command chanpair: two senders on a buffered channel, one receiver.
package main

func main() {
	ch := make(chan int, 1)
	go func() { ch <- 1 }()
	go func() { ch <- 2 }()
	a, b := <-ch, <-ch
	if a+b != 3 {
		panic("lost value")
	}
}
