// Tests 3-index slicing, slicing arrays and pointers to arrays, and capacity limits.
package main

import "fmt"

func main() {
	arr := [8]int{0, 1, 2, 3, 4, 5, 6, 7}
	s := arr[2:5]
	fmt.Println(s, len(s), cap(s))
	t := arr[2:5:6]
	fmt.Println(t, len(t), cap(t))
	t = append(t, 100)
	fmt.Println("after append within cap:", arr)
	t = append(t, 200)
	fmt.Println("after append beyond cap:", arr, t)
	if arr[6] != 6 {
		panic("FAIL: 3-index cap not respected")
	}
	p := &arr
	ps := p[1:3]
	ps[0] = -1
	fmt.Println("slice of array pointer:", arr[1], len(ps), cap(ps))
	u := s[:cap(s)]
	fmt.Println("extend to cap:", u)
	v := s[1:2:3]
	fmt.Println("v:", v, len(v), cap(v))
	w := arr[:0:0]
	fmt.Println("zero cap:", len(w), cap(w))
	w = append(w, 42)
	fmt.Println("append to zero-cap:", w, arr[0])
	str := "hello world"
	fmt.Println("string slices:", str[6:], str[:5], str[3:8])
	bs := []byte(str)
	b2 := bs[0:5:5]
	b2 = append(b2, '!')
	fmt.Println(string(bs), string(b2))
	full := arr[:]
	fmt.Println("full:", len(full), cap(full))
	for i := range 4 {
		x := arr[i : i+2 : 8-i]
		fmt.Println(i, x, len(x), cap(x))
	}
}
