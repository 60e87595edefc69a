// Tests iter.Pull and iter.Pull2: values in order, next after the end,
// stop part-way (the sequence sees yield return false and runs its
// cleanup), stop before the first next, and a panic in the sequence
// surfacing from next.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func count(n int, log *[]string) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer func() { *log = append(*log, "cleanup") }()
		for i := range n {
			if !yield(i) {
				*log = append(*log, fmt.Sprint("stopped at ", i))
				return
			}
		}
	}
}

func main() {
	var log []string
	next, stop := iter.Pull(count(3, &log))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Print(v, " ")
	}
	v, ok := next()
	fmt.Println("| after end:", v, ok, log)
	stop()

	log = nil
	next, stop = iter.Pull(count(10, &log))
	a, _ := next()
	b, _ := next()
	stop()
	stop()
	v, ok = next()
	fmt.Println("partial:", a, b, "then", v, ok, log)

	log = nil
	_, stop = iter.Pull(count(5, &log))
	stop()
	fmt.Println("stop before next:", log == nil)

	boom := func(yield func(string) bool) {
		yield("first")
		panic("sequence failed")
	}
	next2, stop2 := iter.Pull(iter.Seq[string](boom))
	s, _ := next2()
	func() {
		defer func() { fmt.Println("recovered:", recover(), "after", s) }()
		next2()
	}()
	stop2()

	m := map[string]int{"a": 1, "b": 2, "c": 3}
	nextKV, stopKV := iter.Pull2(maps.All(m))
	var keys []string
	sum := 0
	for {
		k, v, ok := nextKV()
		if !ok {
			break
		}
		keys = append(keys, k)
		sum += v
	}
	stopKV()
	slices.Sort(keys)
	fmt.Println("pull2:", keys, sum)
	if sum != 6 {
		panic("FAIL: pull2 sum")
	}
}
