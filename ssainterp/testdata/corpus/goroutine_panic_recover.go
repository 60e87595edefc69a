// Tests panics recovered inside goroutines and reported over channels (schedule-independent output).
package main

import (
	"fmt"
	"sort"
	"sync"
)

func safeDiv(a, b int) (res int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var lines []string
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := safeDiv(60, i%3)
			mu.Lock()
			lines = append(lines, fmt.Sprintf("%d: %d %v", i, r, err))
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
	errs := make(chan error, 3)
	for i := range 3 {
		go func() {
			defer func() {
				if r := recover(); r != nil {
					errs <- fmt.Errorf("worker %d: %v", i, r)
					return
				}
				errs <- nil
			}()
			var arr []int
			if i > 0 {
				_ = arr[i]
			}
		}()
	}
	var msgs []string
	for range 3 {
		if e := <-errs; e != nil {
			msgs = append(msgs, e.Error())
		} else {
			msgs = append(msgs, "<nil>")
		}
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		fmt.Println(m)
	}
}
