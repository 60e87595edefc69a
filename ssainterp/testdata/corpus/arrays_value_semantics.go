// Tests array value semantics on assignment/passing, comparison, arrays of structs, multi-dim arrays.
package main

import "fmt"

type Point struct{ X, Y int }

func modify(a [3]int) [3]int {
	a[0] = 99
	return a
}

func modifyPtr(a *[3]int) {
	a[0] = 77
}

func main() {
	a := [3]int{1, 2, 3}
	b := a
	b[1] = 20
	fmt.Println("a:", a, "b:", b)
	c := modify(a)
	fmt.Println("after modify a:", a, "c:", c)
	modifyPtr(&a)
	fmt.Println("after modifyPtr:", a)
	fmt.Println("a==b:", a == b, "a==[3]int{77,2,3}:", a == [3]int{77, 2, 3})
	pts := [2]Point{{1, 2}, {3, 4}}
	pts2 := pts
	pts2[0].X = 100
	fmt.Println(pts, pts2, pts == pts2)
	var grid [3][4]int
	for i := range 3 {
		for j := range 4 {
			grid[i][j] = i*10 + j
		}
	}
	fmt.Println(grid)
	row := grid[1]
	row[0] = -1
	fmt.Println("row copy:", row, "grid row:", grid[1])
	g2 := grid
	g2[2][3] = 0
	fmt.Println("grid equal after change:", grid == g2)
	// array in range is a copy
	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range copy value:", v)
		}
	}
	// range over pointer to array is not a copy
	arr = [3]int{1, 2, 3}
	for i, v := range &arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range ptr value:", v)
		}
	}
	// arrays as map keys
	m := map[[2]int]string{{1, 2}: "a", {2, 1}: "b"}
	fmt.Println(m[[2]int{1, 2}], m[[2]int{2, 1}], len(m))
	// array of arrays of strings
	var names [2][2]string
	names[0][1] = "x"
	fmt.Printf("%q\n", names)
	// ellipsis length and indexed literals
	d := [...]string{2: "two", 5: "five"}
	fmt.Println(len(d), fmt.Sprintf("%q", d))
	if len(d) != 6 {
		panic("FAIL: ellipsis length")
	}
	// array of interfaces comparison
	ia := [2]any{1, "x"}
	ib := [2]any{1, "x"}
	fmt.Println("iface arrays equal:", ia == ib)
	e := [0]int{}
	fmt.Println("zero-length:", e, len(e))
}
