// Command waitgroupwrites has each goroutine write its own slot of a slice
// and a field of its own struct; main reads them all after wg.Wait.
package main

import "sync"

type stats struct {
	name  string
	count int
}

func main() {
	var wg sync.WaitGroup
	sums := make([]int, 3)
	st := make([]stats, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 1; j <= 3; j++ {
				sums[i] += j * (i + 1)
			}
			st[i] = stats{name: string(rune('a' + i)), count: 3}
		}()
	}
	wg.Wait()
	for i := range 3 {
		if sums[i] != 6*(i+1) || st[i].count != 3 || st[i].name != string(rune('a'+i)) {
			panic("FAIL: write not visible after Wait")
		}
	}
}
