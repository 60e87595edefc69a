// Tests the runtime's deadlock detection: main blocks on a channel nobody will send on.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	results := make(chan int)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- i * i
		}()
	}
	sum := 0
	for range 3 {
		sum += <-results
	}
	wg.Wait()
	fmt.Println("sum:", sum)
	fmt.Println("now blocking forever")
	<-results
}
