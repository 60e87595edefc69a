// Tests slice aliasing: shared backing arrays, append with spare capacity, copies, slices stored in structs.
package main

import "fmt"

type Bag struct {
	items []int
}

func (b Bag) AddValue(v int) { b.items = append(b.items, v) }
func (b *Bag) AddPtr(v int)  { b.items = append(b.items, v) }
func modify(s []int)         { s[0] = -1 }
func grow(s []int) []int     { return append(s, 99) }

func main() {
	base := []int{1, 2, 3, 4, 5}
	a := base[1:3]
	b := base[2:5]
	a[1] = 30
	fmt.Println("shared:", base, a, b)
	modify(base[3:])
	fmt.Println("modify via subslice:", base)
	c := make([]int, 3, 6)
	d := grow(c)
	e := grow(c)
	d[0] = 7
	fmt.Println("append within cap aliases:", c, d, e, &d[3] == &e[3])
	f := []int{1, 2, 3}
	g := grow(f)
	g[0] = 100
	fmt.Println("append beyond cap copies:", f, g)
	bag := Bag{items: make([]int, 0, 4)}
	bag.AddValue(1)
	fmt.Println("value receiver append lost:", len(bag.items), bag.items[:1])
	bag.AddPtr(2)
	fmt.Println("pointer receiver append kept:", bag.items)
	// copying a struct copies the slice header, not the data
	bag2 := bag
	bag2.items[0] = 42
	bag2.AddPtr(3)
	fmt.Println(bag.items, bag2.items)
	// full slice expression prevents aliasing
	h := base[0:2:2]
	h = append(h, 555)
	fmt.Println("3-index protects:", base, h)
	// slices of arrays alias the array
	arr := [3]string{"x", "y", "z"}
	sl := arr[:]
	sl[2] = "Z"
	fmt.Println(arr)
	// range over slice evaluates slice once
	vals := []int{1, 2, 3}
	for i, v := range vals {
		if i == 0 {
			vals = append(vals, 4)
			vals[1] = 20
		}
		fmt.Print(v, " ")
	}
	fmt.Println(len(vals))
	// copy between overlapping regions within the same slice
	o := []int{0, 1, 2, 3, 4, 5, 6, 7}
	copy(o[1:], o[:5])
	fmt.Println(o)
	if base[2] != 30 || f[0] != 1 {
		panic("FAIL: aliasing")
	}
}
