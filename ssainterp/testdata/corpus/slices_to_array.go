// Tests slice-to-array and slice-to-array-pointer conversions.
package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4, 5}
	a := [3]int(s)
	a[0] = 100
	fmt.Println("array copy:", a, "slice unchanged:", s)
	p := (*[3]int)(s)
	p[0] = 100
	fmt.Println("ptr aliasing:", *p, "slice changed:", s)
	p2 := (*[2]int)(s[3:])
	p2[1] = 55
	fmt.Println("tail ptr:", *p2, s)
	e := [0]int(s)
	fmt.Println("zero array:", e, len(e))
	var nilS []int
	np := (*[0]int)(nilS)
	fmt.Println("nil slice to *[0]int is nil:", np == nil)
	ep := (*[0]int)([]int{})
	fmt.Println("empty slice to *[0]int is nil:", ep == nil)
	bs := []byte("abcdef")
	arr4 := [4]byte(bs)
	fmt.Println(string(arr4[:]))
	type Pair [2]string
	ss := []string{"x", "y", "z"}
	pr := Pair(ss[1:])
	fmt.Println("named array:", pr)
	if a[1] != 2 || s[0] != 100 {
		panic("FAIL: conversions")
	}
	// recover from bad conversion length
	func() {
		defer func() {
			r := recover()
			fmt.Println("recovered:", r)
		}()
		_ = [6]int(s)
	}()
	func() {
		defer func() {
			fmt.Println("recovered:", recover())
		}()
		_ = (*[10]int)(s[1:])
	}()
}
