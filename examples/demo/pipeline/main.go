// Command pipeline is a three-stage channel pipeline with a fan-out of
// workers; its output does not depend on the schedule.
package main

import (
	"fmt"
	"sync"
)

func main() {
	nums := make(chan int)
	squares := make(chan int, 4)
	go func() {
		defer close(nums)
		for i := 1; i <= 100; i++ {
			nums <- i
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range nums {
				squares <- n * n
			}
		}()
	}
	go func() { wg.Wait(); close(squares) }()
	sum := 0
	for s := range squares {
		sum += s
	}
	fmt.Println("sum of squares 1..100:", sum)
}
