// testing/quick's Check and CheckEqual over the program's functions, with
// a seeded generator: the same values, counts and counterexamples as
// natively.
package main

import (
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing/quick"
)

type pair struct {
	A int8
	B string
}

func main() {
	cfg := func(n int) *quick.Config {
		return &quick.Config{MaxCount: n, Rand: rand.New(rand.NewSource(1))}
	}
	calls := 0
	err := quick.Check(func(x uint8, s []int16) bool {
		calls++
		return len(s) >= 0
	}, cfg(30))
	fmt.Println("holds:", err, "calls:", calls)

	err = quick.Check(func(x uint8) bool { return x < 200 }, cfg(100))
	if ce, ok := err.(*quick.CheckError); ok {
		fmt.Println("fails at count", ce.Count, "with", ce.In)
	}

	sorted := func(xs []int) []int {
		ys := append([]int(nil), xs...)
		sort.Ints(ys)
		return ys
	}
	insertion := func(xs []int) []int {
		ys := append([]int(nil), xs...)
		for i := 1; i < len(ys); i++ {
			for j := i; j > 0 && ys[j] < ys[j-1]; j-- {
				ys[j], ys[j-1] = ys[j-1], ys[j]
			}
		}
		return ys
	}
	fmt.Println("sorts agree:", quick.CheckEqual(sorted, insertion, cfg(40)))

	var seen []pair
	err = quick.Check(func(p pair, m map[string]bool) bool {
		seen = append(seen, p)
		return p.A != 7
	}, cfg(200))
	fmt.Println("structs:", len(seen), err != nil)
	if ce, ok := err.(*quick.CheckError); ok {
		fmt.Printf("counterexample %d: %+v\n", ce.Count, ce.In[0])
	}
	v, ok := quick.Value(reflect.TypeOf(pair{}), rand.New(rand.NewSource(3)))
	fmt.Printf("%+v %v\n", v.Interface(), ok)
}
