// Tests maps (Keys/Values with slices.Sorted, Clone, Equal, EqualFunc, DeleteFunc, Copy) and cmp (Compare, Less, Or).
package main

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

func main() {
	m := map[string]int{"one": 1, "two": 2, "three": 3, "four": 4}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	fmt.Println(slices.Sorted(maps.Values(m)))
	c := maps.Clone(m)
	fmt.Println(maps.Equal(m, c), len(c))
	c["five"] = 5
	fmt.Println(maps.Equal(m, c), len(m), len(c))
	maps.DeleteFunc(c, func(k string, v int) bool { return v%2 == 0 })
	fmt.Println(c)
	dst := map[string]int{"one": 100, "zero": 0}
	maps.Copy(dst, m)
	fmt.Println(dst)
	ci := map[string]string{"A": "x"}
	fmt.Println(maps.EqualFunc(ci, map[string]string{"A": "X"}, strings.EqualFold))
	var nilMap map[string]int
	fmt.Println(maps.Clone(nilMap) == nil, maps.Equal(nilMap, map[string]int{}))
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0))
	nan := math.NaN()
	fmt.Println(cmp.Compare(nan, 1.0), cmp.Compare(1.0, nan), cmp.Compare(nan, nan), cmp.Less(nan, 1.0), cmp.Less(1.0, nan))
	fmt.Println(cmp.Or("", "", "fallback", "x"), cmp.Or(0, 0), cmp.Or(0, 7, 8))
	type P struct {
		Last, First string
		Age         int
	}
	ps := []P{{"Smith", "Ann", 30}, {"Jones", "Bob", 25}, {"Smith", "Al", 40}, {"Jones", "Bob", 20}}
	slices.SortFunc(ps, func(a, b P) int {
		return cmp.Or(cmp.Compare(a.Last, b.Last), cmp.Compare(a.First, b.First), cmp.Compare(a.Age, b.Age))
	})
	for _, p := range ps {
		fmt.Println(p)
	}
	fs := []float64{3, nan, -1, math.Inf(1), 0}
	slices.Sort(fs)
	fmt.Println(fs)
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min("b", "a"), max(1.5, 2))
	if cmp.Compare(nan, nan) != 0 {
		panic("FAIL: cmp NaN")
	}
}
