// Tests negative shift amounts: recovered message, then an unrecovered "negative shift amount" panic.
package main

import "fmt"

func shl(x int64, s int) (r int64, msg string) {
	defer func() {
		if e := recover(); e != nil {
			msg = fmt.Sprint(e)
		}
	}()
	return x << s, "ok"
}

func main() {
	for _, s := range []int{0, 1, 63, 64, -1, -100} {
		r, msg := shl(1, s)
		fmt.Println("1 <<", s, "=", r, msg)
	}
	n := -3
	fmt.Println("unrecovered right shift by", n)
	fmt.Println(uint8(255) >> n)
}
