// Tests slices: Sort, SortFunc, SortStableFunc, BinarySearch, Index, Contains, Reverse, Max, Min, Compact, Insert, Delete, Equal.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Item struct {
	Name string
	Qty  int
}

func main() {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	c := slices.Clone(s)
	slices.Sort(c)
	fmt.Println(c, slices.IsSorted(c), slices.IsSorted(s))
	i, found := slices.BinarySearch(c, 5)
	fmt.Println("BinarySearch 5:", i, found)
	i, found = slices.BinarySearch(c, 7)
	fmt.Println("BinarySearch 7:", i, found)
	fmt.Println(slices.Index(s, 5), slices.Index(s, 42), slices.Contains(s, 9), slices.IndexFunc(s, func(v int) bool { return v > 4 }))
	fmt.Println(slices.Max(s), slices.Min(s), slices.MaxFunc([]string{"bb", "a", "ccc"}, func(a, b string) int { return cmp.Compare(len(a), len(b)) }))
	r := slices.Clone(s)
	slices.Reverse(r)
	fmt.Println(r)
	fmt.Println(slices.Compact(slices.Clone(c)))
	fmt.Println(slices.CompactFunc([]string{"a", "A", "b", "B", "b"}, strings.EqualFold))
	ins := slices.Insert([]int{1, 2, 5}, 2, 3, 4)
	fmt.Println(ins)
	del := slices.Delete([]int{0, 1, 2, 3, 4, 5}, 1, 3)
	fmt.Println(del)
	fmt.Println(slices.DeleteFunc([]int{1, 2, 3, 4, 5, 6}, func(v int) bool { return v%2 == 0 }))
	fmt.Println(slices.Replace([]int{1, 2, 3, 4}, 1, 3, 9, 9, 9))
	fmt.Println(slices.Equal([]int{1, 2}, []int{1, 2}), slices.Equal([]int{}, nil), slices.Equal([]int{1}, []int{2}))
	fmt.Println(slices.Compare([]int{1, 2}, []int{1, 3}), slices.Compare([]int{1, 2, 3}, []int{1, 2}))
	items := []Item{{"b", 2}, {"a", 2}, {"c", 1}, {"d", 3}, {"e", 1}}
	st := slices.Clone(items)
	slices.SortStableFunc(st, func(x, y Item) int { return cmp.Compare(x.Qty, y.Qty) })
	fmt.Println(st)
	slices.SortFunc(items, func(x, y Item) int {
		return cmp.Or(cmp.Compare(y.Qty, x.Qty), strings.Compare(x.Name, y.Name))
	})
	fmt.Println(items)
	idx, ok := slices.BinarySearchFunc([]Item{{"a", 1}, {"b", 2}, {"c", 3}}, "b", func(it Item, t string) int { return strings.Compare(it.Name, t) })
	fmt.Println("BinarySearchFunc:", idx, ok)
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g) >= 11)
	cl := slices.Clip(make([]int, 2, 10))
	fmt.Println(len(cl), cap(cl))
	fmt.Println(slices.Concat([]int{1}, nil, []int{2, 3}))
	fmt.Println(slices.ContainsFunc(items, func(it Item) bool { return it.Qty > 2 }))
	fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = slices.Max([]int{})
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = slices.Insert([]int{1}, 5, 2)
	}()
	if !slices.Equal(ins, []int{1, 2, 3, 4, 5}) {
		panic("FAIL: Insert")
	}
}
