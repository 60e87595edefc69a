// Tests maps with struct/array/interface keys, NaN keys, float keys (+0/-0), pointer keys.
package main

import (
	"fmt"
	"math"
	"sort"
)

type Key struct {
	Name string
	N    int
}

func main() {
	m := map[Key]string{}
	m[Key{"a", 1}] = "first"
	m[Key{"a", 2}] = "second"
	m[Key{"a", 1}] = "overwritten"
	fmt.Println(len(m), m[Key{"a", 1}], m[Key{"a", 2}], m[Key{"b", 1}] == "")
	name := "a"
	fmt.Println("built key:", m[Key{name + "", 1}])
	am := map[[3]int]int{{1, 2, 3}: 6, {0, 0, 0}: 0}
	am[[3]int{1, 2, 3}]++
	fmt.Println(am[[3]int{1, 2, 3}], len(am))
	// interface keys of different dynamic types
	im := map[any]string{}
	im[1] = "int 1"
	im[int64(1)] = "int64 1"
	im["1"] = "string 1"
	im[1.0] = "float 1"
	im[Key{"k", 0}] = "struct"
	im[[2]string{"x", "y"}] = "array"
	im[true] = "bool"
	im[nil] = "nil"
	fmt.Println("iface map len:", len(im))
	fmt.Println(im[1], "|", im[int64(1)], "|", im["1"], "|", im[1.0], "|", im[Key{"k", 0}], "|", im[[2]string{"x", "y"}], "|", im[true], "|", im[nil])
	// NaN keys: each insert creates a new entry, lookup never finds it
	fm := map[float64]int{}
	nan := math.NaN()
	fm[nan] = 1
	fm[nan] = 2
	fm[nan] = 3
	_, found := fm[nan]
	fmt.Println("NaN entries:", len(fm), "found:", found)
	total := 0
	for k, v := range fm {
		if k == k {
			panic("FAIL: NaN key equals itself")
		}
		total += v
	}
	fmt.Println("NaN value sum:", total)
	delete(fm, nan)
	fmt.Println("after delete NaN:", len(fm))
	clear(fm)
	fmt.Println("after clear:", len(fm))
	// +0 and -0 are the same key
	fm[0.0] = 10
	fm[math.Copysign(0, -1)] = 20
	fmt.Println("zero keys:", len(fm), fm[0])
	// pointer keys
	a, b := new(int), new(int)
	pm := map[*int]string{a: "a", b: "b"}
	fmt.Println(pm[a], pm[b], len(pm))
	// channel keys
	c1, c2 := make(chan int), make(chan int)
	cm := map[chan int]int{c1: 1, c2: 2}
	fmt.Println(cm[c1], cm[c2])
	// struct with strings keys sorted output
	sm := map[Key]int{{"z", 1}: 1, {"a", 9}: 2, {"a", 3}: 3, {"m", 0}: 4}
	ks := make([]Key, 0)
	for k := range sm {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].Name != ks[j].Name {
			return ks[i].Name < ks[j].Name
		}
		return ks[i].N < ks[j].N
	})
	for _, k := range ks {
		fmt.Print(k, "=", sm[k], " ")
	}
	fmt.Println()
	fmt.Println("fmt:", sm)
	// unhashable key panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		im[[]int{1}] = "slice"
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = im[map[int]int{}]
	}()
	type WithSlice struct{ S any }
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		im[WithSlice{[]string{}}] = "x"
	}()
}
