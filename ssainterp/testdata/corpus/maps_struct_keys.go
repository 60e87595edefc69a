// Tests map keys of struct and interface types by Go's ==: pointer and channel fields compare by identity (not by what they point to, which may change), strings in fields stay apart whatever they contain, interface fields compare dynamic type and value, and keys of library struct types (time.Time) compare by value.
package main

import (
	"fmt"
	"time"
)

type P struct{ a, b string }
type Q struct{ p *int }
type R struct{ c chan int }
type S struct{ a, b any }
type W struct{ T time.Time }

func main() {
	pm := map[P]int{}
	pm[P{"a|", ""}] = 1
	pm[P{"a", "|"}] = 2
	pm[P{`a"`, ""}] = 3
	pm[P{"a", `"`}] = 4
	fmt.Println("strings in fields:", len(pm), pm[P{"a", "|"}], pm[P{`a"`, ""}])

	x, y := 1, 1
	qm := map[Q]int{{&x}: 1}
	qm[Q{&y}] = 2
	x = 5 // the key's pointee changes, not the key
	qm[Q{&x}] += 10
	fmt.Println("pointer fields:", len(qm), qm[Q{&x}], qm[Q{&y}])

	c1, c2 := make(chan int, 1), make(chan int, 1)
	rm := map[R]int{{c1}: 1, {c2}: 2}
	c1 <- 1
	rm[R{c1}] += 10
	fmt.Println("channel fields:", len(rm), rm[R{c1}], rm[R{c2}])

	sm := map[S]int{{"a|", ""}: 1, {"a", "|"}: 2, {1, 2}: 3, {int64(1), 2}: 4, {P{"x", "y"}, nil}: 5}
	fmt.Println("interface fields:", len(sm), sm[S{"a", "|"}], sm[S{int64(1), 2}], sm[S{P{"x", "y"}, nil}])

	t1 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	t2 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	tm := map[time.Time]int{t1: 1}
	tm[t2]++
	fmt.Println("time.Time keys:", len(tm), tm[t2], tm[t1.Add(time.Second)])
	wm := map[W]int{{t1}: 1}
	wm[W{t2}]++
	fmt.Println("time.Time fields:", len(wm), wm[W{t2}])
	am := map[any]int{t1: 1}
	am[t2]++
	am[t1.Add(time.Hour)]++
	fmt.Println("time.Time in interfaces:", len(am), am[t2])

	defer func() { fmt.Println("recovered:", recover()) }()
	am[[]int{1}] = 1
}
