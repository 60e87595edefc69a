// Tests make with len/cap, copy (including overlapping), nil vs empty slices and clear.
package main

import "fmt"

func main() {
	s := make([]int, 3, 10)
	fmt.Println(s, len(s), cap(s))
	s2 := make([]string, 2)
	fmt.Printf("%q %d %d\n", s2, len(s2), cap(s2))

	a := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	n := copy(a[2:], a)
	fmt.Println("overlap forward:", n, a)
	b := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	n = copy(b, b[3:])
	fmt.Println("overlap backward:", n, b)
	c := make([]int, 3)
	n = copy(c, []int{9, 8, 7, 6, 5})
	fmt.Println("copy short dst:", n, c)
	bs := make([]byte, 5)
	n = copy(bs, "héllo")
	fmt.Println("copy from string:", n, bs)
	n = copy(bs, "")
	fmt.Println("copy empty:", n)

	var nilS []int
	empty := []int{}
	made := make([]int, 0)
	fmt.Println("nil:", nilS == nil, len(nilS), cap(nilS), nilS)
	fmt.Println("empty:", empty == nil, len(empty), made == nil)
	fmt.Printf("%v %v %#v %#v\n", nilS, empty, nilS, empty)
	nilS = append(nilS, 1)
	fmt.Println("append to nil:", nilS)
	for range nilS[:0] {
		panic("FAIL: ranged over empty")
	}
	var ns2 []int
	fmt.Println("slicing nil:", ns2[:] == nil, ns2[0:0] == nil)

	cl := []int{1, 2, 3, 4}
	clear(cl)
	fmt.Println("cleared:", cl, len(cl))
	cs := []string{"a", "b"}
	clear(cs[1:])
	fmt.Printf("%q\n", cs)
	type P struct {
		X int
		S []int
	}
	ps := []P{{1, []int{1}}, {2, nil}}
	clear(ps)
	fmt.Printf("%+v\n", ps)

	// slice of slices
	grid := make([][]int, 3)
	for i := range grid {
		grid[i] = make([]int, i+1)
		for j := range grid[i] {
			grid[i][j] = i * j
		}
	}
	fmt.Println("grid:", grid)
	grid[2] = append(grid[2], 99)
	fmt.Println("grid after append:", grid, len(grid[2]))
	// copy returns min
	if copy(make([]int, 2), []int{1, 2, 3}) != 2 {
		panic("FAIL: copy count")
	}
	// make with int64 len
	var l64 int64 = 4
	m := make([]float64, l64)
	fmt.Println("make with int64:", m)
}
