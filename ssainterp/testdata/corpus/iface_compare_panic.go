// Tests interface comparisons including recovered panics on uncomparable dynamic types.
package main

import "fmt"

type S struct {
	A int
	F any
}

func cmp(name string, a, b any) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	fmt.Println(name, a == b)
}

func main() {
	cmp("ints", 1, 1)
	cmp("int vs string", 1, "1")
	cmp("slices", []int{1}, []int{1})
	cmp("slice vs int", []int{1}, 1)
	cmp("maps", map[int]int{}, map[int]int{})
	cmp("funcs", func() {}, func() {})
	cmp("struct with slice", S{1, []int{}}, S{1, []int{}})
	cmp("struct with slice diff A", S{1, []int{}}, S{2, []int{}})
	cmp("struct with ints", S{1, 2}, S{1, 2})
	cmp("arrays of any", [1]any{[]int{}}, [1]any{[]int{}})
	cmp("nil vs slice", nil, []int{})
	cmp("nil vs nil", nil, nil)
	cmp("map[string]int", map[string]int(nil), map[string]int(nil))
	cmp("ptrs", &S{}, &S{})
	var p = &S{}
	cmp("same ptr", p, p)
	// switch on interface value compares
	func() {
		defer func() { fmt.Println("switch panic:", recover()) }()
		var v any = []string{"a"}
		switch v {
		case 1:
			fmt.Println("one")
		case "x":
			fmt.Println("x")
		}
		fmt.Println("no match, no panic for mismatched types")
		var w any = []string{"a"}
		switch v {
		case w:
			fmt.Println("unreachable")
		}
	}()
	// map key lookup with uncomparable
	func() {
		defer func() { fmt.Println("map panic:", recover()) }()
		m := map[any]int{}
		m[[]byte("x")]++
	}()
	// comparison via generic comparable
	fmt.Println("done")
}
