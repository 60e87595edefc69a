// Tests variadic functions, passing slices with ..., multiple return values, named results, blank identifier.
package main

import (
	"errors"
	"fmt"
)

func sum(nums ...int) (total int) {
	for _, n := range nums {
		total += n
	}
	return
}

func prefixAll(prefix string, items ...string) []string {
	for i := range items {
		items[i] = prefix + items[i]
	}
	return items
}

func describe(format string, args ...any) string {
	return fmt.Sprintf("%d args: "+format, append([]any{len(args)}, args...)...)
}

func divmod(a, b int) (q, r int, err error) {
	if b == 0 {
		err = errors.New("division by zero")
		return
	}
	q, r = a/b, a%b
	return
}

func minmax(xs ...float64) (lo, hi float64) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	return
}

func swap3(a, b, c string) (string, string, string) { return c, a, b }

func namedShadow() (x int) {
	x = 1
	{
		x := 2 // shadows
		_ = x
	}
	return
}

func passThrough() (int, int, error) { return divmod(17, 5) }

func takesThree(q, r int, err error) string { return fmt.Sprint(q, r, err) }

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	nums := []int{10, 20, 30}
	fmt.Println(sum(nums...))
	items := []string{"a", "b"}
	out := prefixAll("x-", items...)
	fmt.Println(out, items, "(shared backing array)")
	fmt.Println(prefixAll("y-"))
	fmt.Println(prefixAll("z-", "1", "2"))
	fmt.Println(describe("%s and %v", "s", 3))
	q, r, err := divmod(17, 5)
	fmt.Println(q, r, err)
	_, _, err = divmod(1, 0)
	fmt.Println("err:", err)
	lo, hi := minmax(3, -1, 7.5, 2)
	fmt.Println("minmax:", lo, hi)
	a, b, c := swap3("1", "2", "3")
	fmt.Println(a, b, c)
	fmt.Println("shadow:", namedShadow())
	fmt.Println("pass through:", takesThree(passThrough()))
	fmt.Println(takesThree(divmod(9, 0)))
	_, second, _ := swap3("p", "q", "r")
	fmt.Println("second:", second)
	var fn func(...int) int = sum
	fmt.Println("func value variadic:", fn(4, 5))
	fmt.Printf("%T\n", fn)
	// variadic of interfaces with nil slice
	var none []any
	fmt.Println(describe("none", none...))
	// variadic with a slice of a named type
	type ints []int
	fmt.Println(sum(ints{1, 1, 1}...))
	// parallel assignment
	x, y := 1, 2
	x, y = y, x+y
	fmt.Println("parallel:", x, y)
	arr := []int{1, 2, 3}
	i := 0
	i, arr[i] = 1, 9 // index evaluated before assignment
	fmt.Println("assignment order:", i, arr)
	if sum(nums...) != 60 || arr[0] != 9 {
		panic("FAIL: variadic")
	}
}
