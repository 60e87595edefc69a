// Tests standard library iterators: slices.All/Values/Backward/Collect/Sorted, maps.Keys/Values/All, iter.Pull.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

func main() {
	xs := []string{"delta", "alpha", "charlie", "bravo"}
	for i, v := range slices.All(xs) {
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println()
	for i, v := range slices.Backward(xs) {
		fmt.Print(i, ":", v, " ")
	}
	fmt.Println()
	fmt.Println(slices.Collect(slices.Values(xs)))
	fmt.Println(slices.Sorted(slices.Values(xs)))
	m := map[string]int{"z": 26, "a": 1, "m": 13}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	fmt.Println(slices.Sorted(maps.Values(m)))
	total := 0
	for k, v := range maps.All(m) {
		total += len(k) + v
	}
	fmt.Println("total:", total)
	m2 := maps.Collect(slices.All([]string{"x", "y"}))
	fmt.Println(m2)
	inv := map[int]string{}
	maps.Insert(inv, func(yield func(int, string) bool) {
		for k, v := range m {
			if !yield(v, k) {
				return
			}
		}
	})
	fmt.Println(inv)
	next, stop := iter.Pull(slices.Values([]int{10, 20, 30}))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Print(v, " ")
	}
	stop()
	fmt.Println()
	next2, stop2 := iter.Pull2(slices.All([]string{"p", "q"}))
	i, s, ok := next2()
	fmt.Println(i, s, ok)
	stop2()
	i, s, ok = next2()
	fmt.Println(i, s, ok)
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Printf("%q ", part)
	}
	fmt.Println()
	for f := range strings.FieldsSeq("  one two   three ") {
		fmt.Print("[", f, "]")
	}
	fmt.Println()
	for l := range strings.Lines("l1\nl2\nl3") {
		fmt.Printf("%q ", l)
	}
	fmt.Println()
	chunks := slices.Collect(slices.Chunk([]int{1, 2, 3, 4, 5}, 2))
	fmt.Println(chunks)
	sorted := slices.SortedFunc(slices.Values(xs), func(a, b string) int { return len(a) - len(b) })
	fmt.Println(sorted)
	ap := slices.AppendSeq([]int{0}, slices.Values([]int{1, 2}))
	fmt.Println(ap)
	rep := slices.Repeat([]string{"ab"}, 3)
	fmt.Println(rep)
	if len(slices.Collect(maps.Keys(m))) != 3 {
		panic("FAIL: maps.Keys")
	}
}
