// Tests sort: Ints, Strings, Float64s, Slice, SliceStable with closures, Sort/Stable with sort.Interface, Search.
package main

import (
	"fmt"
	"sort"
)

type Person struct {
	Name string
	Age  int
}

type ByAge []Person

func (a ByAge) Len() int           { return len(a) }
func (a ByAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a ByAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

type Grid struct {
	data [][2]int
}

func (g *Grid) Len() int      { return len(g.data) }
func (g *Grid) Swap(i, j int) { g.data[i], g.data[j] = g.data[j], g.data[i] }
func (g *Grid) Less(i, j int) bool {
	return g.data[i][0]*10+g.data[i][1] < g.data[j][0]*10+g.data[j][1]
}

func main() {
	ints := []int{5, 2, 8, -1, 0, 9, 2}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints))
	strs := []string{"pear", "Apple", "banana", "apple", ""}
	sort.Strings(strs)
	fmt.Printf("%q\n", strs)
	fl := []float64{2.5, -1, 3.25, 0}
	sort.Float64s(fl)
	fmt.Println(fl)
	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 25}, {"Eve", 35}, {"Frank", 30}}
	sort.SliceStable(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	sort.Slice(people, func(i, j int) bool { return people[i].Name > people[j].Name })
	fmt.Println(people)
	byAge := ByAge(people)
	sort.Stable(byAge)
	fmt.Println(byAge)
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println("reverse:", ints)
	g := &Grid{[][2]int{{3, 1}, {1, 2}, {2, 9}, {1, 1}}}
	sort.Sort(g)
	fmt.Println(g.data, sort.IsSorted(g))
	sorted := []int{1, 3, 5, 7, 9, 11}
	for _, x := range []int{0, 1, 6, 11, 12} {
		i := sort.SearchInts(sorted, x)
		j := sort.Search(len(sorted), func(k int) bool { return sorted[k] >= x })
		fmt.Print(x, "->", i, "/", j, " ")
	}
	fmt.Println()
	idx, found := sort.Find(len(sorted), func(k int) int { return 7 - sorted[k] })
	fmt.Println("Find 7:", idx, found)
	fmt.Println(sort.SearchStrings([]string{"a", "c", "e"}, "d"))
	// sorting large slice deterministically
	big := make([]int, 500)
	for i := range big {
		big[i] = (i * 7919) % 503
	}
	sort.Ints(big)
	fmt.Println(big[:5], big[495:])
	ss := sort.StringSlice{"z", "y", "x"}
	ss.Sort()
	fmt.Println(ss, ss.Search("y"))
	if !sort.SliceIsSorted(big, func(i, j int) bool { return big[i] < big[j] }) {
		panic("FAIL: sorted")
	}
}
