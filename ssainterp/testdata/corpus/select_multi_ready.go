// Tests select with multiple ready cases: which fires is random, but totals are schedule-independent.
package main

import (
	"fmt"
	"sort"
)

func main() {
	a := make(chan int, 50)
	b := make(chan int, 50)
	for i := range 50 {
		a <- i
		b <- 1000 + i
	}
	var got []int
	for range 100 {
		select {
		case v := <-a:
			got = append(got, v)
		case v := <-b:
			got = append(got, v)
		}
	}
	sort.Ints(got)
	fmt.Println("count:", len(got), "first:", got[:3], "last:", got[97:])
	sum := 0
	for _, v := range got {
		sum += v
	}
	fmt.Println("sum:", sum)
	// send select: both channels have space
	x := make(chan string, 10)
	y := make(chan string, 10)
	for range 10 {
		select {
		case x <- "x":
		case y <- "y":
		}
	}
	fmt.Println("total buffered:", len(x)+len(y))
	// select inside goroutines with quit channel
	data := make(chan int)
	quit := make(chan struct{})
	result := make(chan int)
	go func() {
		total := 0
		for {
			select {
			case v := <-data:
				total += v
			case <-quit:
				result <- total
				return
			}
		}
	}()
	for i := 1; i <= 100; i++ {
		data <- i
	}
	close(quit)
	fmt.Println("goroutine total:", <-result)
	if sum != 50*49/2+50*1000+50*49/2 {
		panic("FAIL: sum")
	}
}
