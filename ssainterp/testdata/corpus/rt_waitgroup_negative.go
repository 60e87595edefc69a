// Tests sync.WaitGroup negative counter panic: recovered once, then unrecovered.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Done()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		wg.Done()
	}()
	var wg2 sync.WaitGroup
	wg2.Add(2)
	fmt.Println("adding -3")
	wg2.Add(-3)
}
