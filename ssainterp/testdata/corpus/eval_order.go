// Tests order of evaluation: operands, call arguments, assignments, index expressions, map/channel ops, defer args.
package main

import "fmt"

var trace []string

func t(name string, v int) int {
	trace = append(trace, name)
	return v
}

func flush(label string) {
	fmt.Println(label, trace)
	trace = nil
}

func pair() (int, int) { return t("p1", 1), t("p2", 2) }

func main() {
	_ = t("a", 1) + t("b", 2)*t("c", 3)
	flush("binary:")
	_ = fmt.Sprint(t("x", 1), t("y", 2), t("z", 3))
	flush("args:")
	arr := []int{0, 0, 0}
	arr[t("idx", 1)] = t("val", 5)
	flush("index assign:")
	m := map[int]int{}
	m[t("key", 1)] += t("rhs", 2)
	flush("map op-assign:")
	i := 0
	i, arr[i] = 2, 9 // arr[0] set: index evaluated before assignment
	fmt.Println("i, arr:", i, arr)
	x, y := 1, 2
	x, y = y, x
	fmt.Println("swap:", x, y)
	a := []int{1, 2, 3}
	j := 0
	j, a[j], a[j+1] = 1, 10, 20
	fmt.Println("multi:", j, a)
	_ = t("first", 1) < t("second", 2) && t("third", 3) > 0 || t("fourth", 4) > 0
	flush("logical:")
	s := []func() int{func() int { return t("f0", 0) }, func() int { return t("f1", 1) }}
	_ = s[t("sel", 1)]() + s[0]()
	flush("func index:")
	c := make(chan int, 1)
	c <- t("send", 7)
	flush("send:")
	_ = [3]int{t("e0", 0), t("e1", 1), t("e2", 2)}
	_ = map[int]int{t("k1", 1): t("v1", 1), t("k2", 2): t("v2", 2)}
	flush("composite:")
	st := struct{ A, B int }{B: t("B", 2), A: t("A", 1)}
	flush("struct lit (source order):")
	fmt.Println(st)
	func() {
		defer fmt.Println("deferred with arg", t("deferarg", 1))
		t("body", 0)
	}()
	flush("defer:")
	q, r := pair()
	fmt.Println(q, r)
	flush("multi-value:")
	k := 0
	inc := func() int { k++; return k }
	res := []int{inc(), inc(), inc()}
	fmt.Println("slice of calls:", res)
	if arr[0] != 9 || a[0] != 10 || a[1] != 20 {
		panic("FAIL: eval order")
	}
}
