// Array literals of constants, the tables of package initialisation
// (x/net/idna's) and of functions: whole elements, structs built field
// by field with the fields left out zero, a literal rebuilt in a loop
// from what an earlier iteration changed, and pointers kept into it.
package main

import "fmt"

type rng struct {
	value  uint16
	lo, hi byte
	name   string
	ok     bool
}

var table = [...]uint16{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4}

var ranges = [...]rng{
	{value: 1, lo: 2, hi: 3},
	{value: 4, lo: 5, hi: 6, name: "b"},
	{lo: 7, hi: 8},
	{value: 9, ok: true},
	{value: 10, lo: 11, hi: 12},
	{value: 13, lo: 14, hi: 15, name: "f", ok: true},
	{value: 16},
	{hi: 17},
	{value: 18, lo: 19, hi: 20},
	{value: 21, lo: 22, hi: 23},
}

var sparse = [40]int32{0: 1, 5: 2, 6: 3, 7: 4, 8: 5, 9: 6, 10: 7, 11: 8, 12: 9, 39: -1}

func local(k int) int {
	t := [...]int{10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120}
	p := &t[3]
	*p += k
	return t[k%len(t)] + *p
}

func main() {
	sum := 0
	for _, v := range table {
		sum += int(v)
	}
	fmt.Println(len(table), sum)
	for _, r := range ranges {
		fmt.Printf("%+v\n", r)
	}
	fmt.Println(sparse)
	for i := range 3 {
		// A fresh literal each iteration: no store of an earlier one shows.
		rs := [...]rng{{value: 1}, {lo: 2}, {hi: 3}, {name: "x"}, {ok: true}, {value: 6}, {lo: 7}, {hi: 8}}
		fmt.Println(i, rs[0], rs[1], rs[3])
		rs[0].value, rs[1].name = 99, "changed"
	}
	fmt.Println(local(1), local(5), local(14))
}
