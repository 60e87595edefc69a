// Results of calls with several values, however the callee delivers
// them: an interpreted function's Return (with and without deferred
// calls, named results a deferred call changes, a recovered panic), a
// closure, an interface method, a method value, a native function
// (strconv, strings.Cut), a model (a map lookup through a generic
// helper), a recursive call, and results that are partly discarded or
// used in a loop.
package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

func divmod(a, b int) (int, int) { return a / b, a % b }

func named(a int) (x, y int, err error) {
	defer func() { x *= 10 }()
	if a < 0 {
		return 0, 0, errors.New("negative")
	}
	return a, a + 1, nil
}

func recovered(s string) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = -1, fmt.Errorf("recovered: %v", r)
		}
	}()
	if s == "" {
		panic("empty")
	}
	return len(s), nil
}

type pair interface{ Pair() (string, int) }

type kv struct {
	k string
	v int
}

func (p kv) Pair() (string, int) { return p.k, p.v }

func lookup[K comparable, V any](m map[K]V, k K) (V, bool) {
	v, ok := m[k]
	return v, ok
}

func fib(n int) (int, int) {
	if n == 0 {
		return 0, 1
	}
	a, b := fib(n - 1)
	return b, a + b
}

func three() (int, string, float64) { return 1, "two", 3.5 }

func main() {
	q, r := divmod(17, 5)
	fmt.Println(q, r)
	_, r = divmod(23, 7)
	fmt.Println(r)
	for i := -1; i < 3; i++ {
		x, y, err := named(i)
		fmt.Println(x, y, err)
	}
	fmt.Println(recovered("abc"))
	fmt.Println(recovered(""))
	f := func(s string) (string, error) { return strings.ToUpper(s), nil }
	u, err := f("go")
	fmt.Println(u, err)
	var p pair = kv{"k", 7}
	k, v := p.Pair()
	fmt.Println(k, v)
	mv := kv{"m", 8}.Pair
	k, v = mv()
	fmt.Println(k, v)
	n, err := strconv.Atoi("42x")
	fmt.Println(n, err)
	before, after, found := strings.Cut("a=b", "=")
	fmt.Println(before, after, found)
	m := map[string]int{"a": 1}
	for _, key := range []string{"a", "b"} {
		val, ok := lookup(m, key)
		fmt.Println(key, val, ok)
	}
	sum := 0
	for i := 0; i < 5; i++ {
		a, b := fib(i)
		sum += a*10 + b
	}
	fmt.Println(sum)
	i, s, fl := three()
	_, s2, _ := three()
	fmt.Println(i, s, fl, s2)
	fmt.Println(divmod(9, 4))
}
