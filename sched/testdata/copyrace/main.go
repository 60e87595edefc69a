// Command copyrace copies a slice on one goroutine while another writes
// one of its elements: a data race through the copy builtin.
package main

import "sync"

func main() {
	src := []int{1, 2, 3}
	dst := make([]int, 3)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); copy(dst, src) }()
	go func() { defer wg.Done(); src[1] = 20 }()
	wg.Wait()
}
