// Tests hand-written sorting algorithms (insertion, merge, quick, heap, counting) on fixed pseudo-random data.
package main

import (
	"fmt"
	"slices"
)

func lcg(seed uint32, n int) []int {
	out := make([]int, n)
	for i := range out {
		seed = seed*1664525 + 1013904223
		out[i] = int(seed>>16) % 1000
	}
	return out
}

func insertion(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func mergeSort(a []int) []int {
	if len(a) <= 1 {
		return a
	}
	mid := len(a) / 2
	l, r := mergeSort(a[:mid]), mergeSort(a[mid:])
	out := make([]int, 0, len(a))
	i, j := 0, 0
	for i < len(l) && j < len(r) {
		if l[i] <= r[j] {
			out = append(out, l[i])
			i++
		} else {
			out = append(out, r[j])
			j++
		}
	}
	out = append(out, l[i:]...)
	return append(out, r[j:]...)
}

func quick(a []int) {
	if len(a) < 2 {
		return
	}
	p := a[len(a)/2]
	i, j := 0, len(a)-1
	for i <= j {
		for a[i] < p {
			i++
		}
		for a[j] > p {
			j--
		}
		if i <= j {
			a[i], a[j] = a[j], a[i]
			i++
			j--
		}
	}
	quick(a[:j+1])
	quick(a[i:])
}

func heapSort(a []int) {
	sift := func(start, end int) {
		root := start
		for 2*root+1 <= end {
			child := 2*root + 1
			if child+1 <= end && a[child] < a[child+1] {
				child++
			}
			if a[root] >= a[child] {
				return
			}
			a[root], a[child] = a[child], a[root]
			root = child
		}
	}
	for s := (len(a) - 2) / 2; s >= 0; s-- {
		sift(s, len(a)-1)
	}
	for end := len(a) - 1; end > 0; end-- {
		a[0], a[end] = a[end], a[0]
		sift(0, end-1)
	}
}

func counting(a []int, max int) []int {
	cnt := make([]int, max+1)
	for _, v := range a {
		cnt[v]++
	}
	out := make([]int, 0, len(a))
	for v, c := range cnt {
		for range c {
			out = append(out, v)
		}
	}
	return out
}

func main() {
	data := lcg(12345, 300)
	fmt.Println("first 10:", data[:10])
	want := slices.Clone(data)
	slices.Sort(want)
	results := map[string][]int{}
	a := slices.Clone(data)
	insertion(a)
	results["insertion"] = a
	results["merge"] = mergeSort(slices.Clone(data))
	b := slices.Clone(data)
	quick(b)
	results["quick"] = b
	c := slices.Clone(data)
	heapSort(c)
	results["heap"] = c
	results["counting"] = counting(data, 999)
	for _, name := range []string{"insertion", "merge", "quick", "heap", "counting"} {
		ok := slices.Equal(results[name], want)
		fmt.Printf("%-9s ok=%v first=%v last=%v\n", name, ok, results[name][:5], results[name][295:])
		if !ok {
			panic("FAIL: " + name)
		}
	}
	sum := 0
	for _, v := range data {
		sum += v
	}
	fmt.Println("sum:", sum, "median:", want[150])
}
