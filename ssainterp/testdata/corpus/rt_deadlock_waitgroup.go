// Tests deadlock detection when all goroutines block on channel operations (main waits on WaitGroup).
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	ch := make(chan int)
	wg.Add(2)
	go func() {
		defer wg.Done()
		ch <- 1
	}()
	go func() {
		defer wg.Done()
		ch <- 2
	}()
	v := <-ch
	fmt.Println("received one value, the other sender blocks forever:", v == 1 || v == 2)
	wg.Wait()
}
