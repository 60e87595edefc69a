// Tests zero values of all kinds of types, printed with %v and %#v, and compared against literals.
package main

import "fmt"

type S struct {
	I   int
	F   float64
	B   bool
	Str string
	P   *int
	Sl  []int
	M   map[string]int
	Ch  chan int
	Fn  func()
	If  any
	Err error
	Arr [2]bool
	C   complex64
	R   rune
	U   uintptr
}

func main() {
	var s S
	fmt.Printf("%v\n%+v\n", s, s)
	fmt.Println(s.P == nil, s.Sl == nil, s.M == nil, s.Ch == nil, s.Fn == nil, s.If == nil, s.Err == nil)
	fmt.Println(len(s.Sl), cap(s.Sl), len(s.M), len(s.Ch), cap(s.Ch), len(s.Str), len(s.Arr))
	var (
		i8   int8
		u64  uint64
		f32  float32
		c128 complex128
		str  string
		arr  [3]string
		ptr  *S
		sl   [][]int
		m    map[int][]string
		fn   func(int) int
	)
	fmt.Printf("%v %v %v %v %q %q %v %v %v %v\n", i8, u64, f32, c128, str, arr, ptr, sl, m, fn == nil)
	fmt.Printf("%#v %#v %#v %#v\n", i8, str, arr, sl)
	z := new(S)
	fmt.Println(z.zeroComparable(), z.I)
	n := new([4]int)
	fmt.Println(*n, len(n))
	ms := make(map[string]S)
	fmt.Printf("%+v\n", ms["missing"])
	type Pt struct{ X, Y int }
	var pts [2]Pt
	fmt.Println(pts, pts == [2]Pt{})
	var e struct{}
	fmt.Println(e, e == struct{}{})
	var ch chan struct{}
	select {
	case <-ch:
		panic("FAIL: nil channel ready")
	default:
		fmt.Println("nil chan not ready")
	}
}

// zeroComparable lets us compare the comparable part of S through a helper.
func (s S) zeroComparable() bool {
	return s.I == 0 && s.F == 0 && !s.B && s.Str == "" && s.P == nil && s.If == nil && s.Err == nil && s.Arr == [2]bool{} && s.C == 0 && s.R == 0 && s.U == 0
}
