// unsafe as popular libraries write it: zero-copy []byte <-> string,
// pointer casts between types of one layout, unsafe.Add and uintptr
// arithmetic over arrays and structs, String/StringData/Slice/SliceData.
package main

import (
	"fmt"
	"math"
	"reflect"
	"unsafe"
)

// The zero-copy conversions of fasthttp, gin and zap.
func b2s(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

func s2b(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&struct {
		string
		Cap int
	}{s, len(s)}))
}

func s2bModern(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func b2sModern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

type sliceHeader struct {
	Data unsafe.Pointer
	Len  int
	Cap  int
}

type celsius float64

type pair struct {
	a, b int64
}

type pairU struct {
	x, y uint64
}

type node struct {
	id   int
	name string
	next *node
}

func main() {
	b := []byte("hello")
	s := b2s(b)
	fmt.Println(s, len(s), b2sModern(b), string(s2b("world")), string(s2bModern("gopher")))
	fmt.Println(b2sModern(nil) == "", len(s2bModern("")))

	// A slice's header read through a struct of the same shape.
	xs := make([]int, 3, 10)
	h := (*sliceHeader)(unsafe.Pointer(&xs))
	fmt.Println(h.Len, h.Cap, *(*int)(h.Data) == xs[0])

	// Float bits, as math.Float64bits does.
	f := 1.5
	bits := *(*uint64)(unsafe.Pointer(&f))
	fmt.Println(bits == math.Float64bits(1.5))
	*(*uint64)(unsafe.Pointer(&f)) = math.Float64bits(-2.25)
	fmt.Println(f)

	// Named types and structs of one layout.
	c := celsius(36.6)
	*(*float64)(unsafe.Pointer(&c)) += 1
	fmt.Printf("%.1f\n", c)
	p := pair{-1, 2}
	u := (*pairU)(unsafe.Pointer(&p))
	u.y = 7
	fmt.Println(u.x == math.MaxUint64, p.b)

	// A pointer to a struct as a pointer to its first field.
	n := &node{id: 42, name: "n"}
	*(*int)(unsafe.Pointer(n)) = 43
	fmt.Println(n.id)

	// unsafe.Add over array and slice elements.
	arr := [4]int32{10, 20, 30, 40}
	base := unsafe.Pointer(&arr[0])
	sum := int32(0)
	for i := range len(arr) {
		sum += *(*int32)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(arr[0])))
	}
	fmt.Println(sum)
	third := (*int32)(unsafe.Add(unsafe.Pointer(&arr), 2*unsafe.Sizeof(arr[0])))
	*third = 33
	fmt.Println(arr)
	ys := []uint16{1, 2, 3, 4, 5}
	data := unsafe.Pointer(unsafe.SliceData(ys))
	last := (*uint16)(unsafe.Add(data, 4*2))
	*last = 50
	fmt.Println(ys, *(*uint16)(unsafe.Add(unsafe.Pointer(last), -2)))
	fmt.Println(unsafe.Slice(&ys[1], 3), unsafe.String(&b[1], 3))

	// uintptr round trips, and field offsets (the pre-unsafe.Add way).
	addr := uintptr(unsafe.Pointer(n))
	back := (*node)(unsafe.Pointer(addr))
	fmt.Println(back == n, back.name)
	namep := (*string)(unsafe.Pointer(uintptr(unsafe.Pointer(n)) + unsafe.Offsetof(n.name)))
	*namep = "renamed"
	fmt.Println(n.name)
	second := (*int32)(unsafe.Pointer(uintptr(unsafe.Pointer(&arr[0])) + 4))
	fmt.Println(*second)

	// A pointer to an element as a pointer to an array of them.
	quad := (*[3]uint16)(unsafe.Pointer(&ys[2]))
	quad[0] = 99
	fmt.Println(ys, len(quad))
	// A func value's word, as libraries compare handlers.
	h1, h2 := b2s, b2s
	w1 := *(*unsafe.Pointer)(unsafe.Pointer(&h1))
	w2 := *(*unsafe.Pointer)(unsafe.Pointer(&h2))
	k := 1
	cl1 := func() int { return k }
	cl2 := func() int { return k + 1 }
	fmt.Println(w1 == w2, w1 != nil, *(*uintptr)(unsafe.Pointer(&cl1)) != *(*uintptr)(unsafe.Pointer(&cl2)))
	// The old idiom for a slice over a pointer.
	big := (*[1 << 30]uint16)(unsafe.Pointer(&ys[1]))[:3:3]
	big[2] = 77
	fmt.Println(big, ys)

	// reflect's headers, the old way.
	sh := (*reflect.SliceHeader)(unsafe.Pointer(&ys))
	fmt.Println(sh.Len, sh.Cap)
	bs := make([]byte, 7)
	copy(bs, "headers")
	view := *(*[]byte)(unsafe.Pointer(&reflect.SliceHeader{Data: uintptr(unsafe.Pointer(&bs[1])), Len: 3, Cap: 4}))
	view[0] = 'E'
	fmt.Println(string(view), string(bs), cap(view))
	var nilp *int
	fmt.Println(unsafe.Pointer(nilp) == nil, uintptr(unsafe.Pointer(nilp)))
}
