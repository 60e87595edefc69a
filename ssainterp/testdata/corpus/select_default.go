// Tests select with default: non-blocking sends and receives, nil channels never chosen.
package main

import "fmt"

func trySend(c chan int, v int) bool {
	select {
	case c <- v:
		return true
	default:
		return false
	}
}

func tryRecv(c chan int) (int, bool) {
	select {
	case v := <-c:
		return v, true
	default:
		return 0, false
	}
}

func main() {
	c := make(chan int, 2)
	for i := range 4 {
		fmt.Println("send", i, trySend(c, i))
	}
	for range 3 {
		v, ok := tryRecv(c)
		fmt.Println("recv", v, ok)
	}
	var nilc chan int
	for range 3 {
		select {
		case v := <-nilc:
			fmt.Println("FAIL: nil recv", v)
		case nilc <- 1:
			fmt.Println("FAIL: nil send")
		default:
			fmt.Println("default with nil channels")
		}
	}
	// nil channel cases never chosen even when other case ready
	ready := make(chan int, 1)
	ready <- 7
	select {
	case v := <-nilc:
		panic(fmt.Sprint("FAIL: nil chosen", v))
	case v := <-ready:
		fmt.Println("ready chosen:", v)
	}
	// select with no cases but default
	select {
	default:
		fmt.Println("only default")
	}
	// disabling cases by setting channel to nil
	a, b := make(chan int, 3), make(chan int, 3)
	for i := range 3 {
		a <- i
		b <- i * 10
	}
	close(a)
	close(b)
	sum, closed := 0, 0
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				closed++
				continue
			}
			sum += v
		case v, ok := <-b:
			if !ok {
				b = nil
				closed++
				continue
			}
			sum += v
		}
	}
	fmt.Println("sum:", sum, "closed:", closed)
	if sum != 33 {
		panic("FAIL: select sum")
	}
}
