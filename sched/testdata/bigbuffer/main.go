// Command bigbuffer has two goroutines fill the halves of a large buffer
// (its words are recorded as one array, not one by one), and also one
// reads a word of the other's half: a data race.
package main

import "sync"

func main() {
	buf := make([]int, 4096)
	var wg sync.WaitGroup
	wg.Add(2)
	seen := 0
	go func() {
		defer wg.Done()
		for i := 0; i < 2048; i += 512 {
			buf[i] = 1
		}
		seen = buf[3000] // the race, with the write below
	}()
	go func() {
		defer wg.Done()
		for i := 2048; i < 4096; i += 512 {
			buf[i] = 2
		}
		buf[3000] = 3
	}()
	wg.Wait()
	println(buf[0], buf[2048], seen)
}
