// Command structfields: goroutines write different fields of one struct
// and different elements of one array and slice; main copies the whole
// struct after Wait. Neighbouring words do not race with each other, and
// the whole-struct copy is ordered after every write.
package main

import "sync"

type Item struct {
	name string
	qty  int
}

type Stats struct {
	hits   int
	misses int
	hist   [4]int
	last   Item
}

func main() {
	var (
		s     Stats
		wg    sync.WaitGroup
		items = make([]Item, 2)
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		s.hits++
		s.hist[0] = 3
		items[0] = Item{"a", 1}
	}()
	go func() {
		defer wg.Done()
		s.misses++
		s.hist[1] = 4
		s.last.qty = 9
		items[1].qty = 2
	}()
	wg.Wait()
	snap := s
	all := make([]Item, 2)
	copy(all, items)
	if snap.hits+snap.misses != 2 || snap.hist != [4]int{3, 4, 0, 0} || snap.last.qty != 9 || all[0].name != "a" || all[1].qty != 2 {
		panic("FAIL: lost a write")
	}
}
