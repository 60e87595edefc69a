// Tests reading a slice's elements through its header's data address, as a concurrent map reads its index: reflect.SliceHeader.Data + i*size, unsafe.SliceData with unsafe.Add, (*[N]T) over the data address, and a header struct of the program's own; elements of pointers, integers, structs and bytes, each at its own stride.
package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

type node struct {
	key string
	val int
}

// index is a table of nodes read without bounds checks, through the
// address of its backing array.
type index struct {
	nodes []*node
	data  uintptr
}

func newIndex(n int) *index {
	ix := &index{nodes: make([]*node, n)}
	for i := range ix.nodes {
		ix.nodes[i] = &node{fmt.Sprintf("k%02d", i), i * i}
	}
	ix.data = (*reflect.SliceHeader)(unsafe.Pointer(&ix.nodes)).Data
	return ix
}

func (ix *index) at(i int) *node {
	return *(**node)(unsafe.Pointer(ix.data + uintptr(i)*unsafe.Sizeof(ix.nodes[0])))
}

// header is a slice header of the program's own.
type header struct {
	data     unsafe.Pointer
	len, cap int
}

type pair struct{ a, b int32 }

func main() {
	ix := newIndex(16)
	for _, i := range []int{0, 1, 7, 8, 9, 15} {
		n := ix.at(i)
		fmt.Println("index", i, n.key, n.val)
	}
	hdr := (*reflect.SliceHeader)(unsafe.Pointer(&ix.nodes))
	fmt.Println("len cap", hdr.Len, hdr.Cap)

	base := unsafe.Pointer(unsafe.SliceData(ix.nodes))
	for _, i := range []int{2, 10, 14} {
		n := *(**node)(unsafe.Add(base, i*8))
		fmt.Println("SliceData", i, n.key)
	}
	arr := (*[16]*node)(unsafe.Pointer(hdr.Data))
	fmt.Println("array view", arr[3].key, arr[12].key, len(arr))

	ints := make([]int64, 12)
	for i := range ints {
		ints[i] = int64(i * 10)
	}
	ih := (*reflect.SliceHeader)(unsafe.Pointer(&ints))
	fmt.Println("int64", *(*int64)(unsafe.Pointer(ih.Data + 16)), *(*int64)(unsafe.Pointer(ih.Data + 88)))
	small := []int16{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	sh := (*reflect.SliceHeader)(unsafe.Pointer(&small))
	fmt.Println("int16", *(*int16)(unsafe.Pointer(sh.Data + 2)), *(*int16)(unsafe.Pointer(sh.Data + 18)))

	ps := []pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {13, 14}, {15, 16}, {17, 18}, {19, 20}}
	ph := (*reflect.SliceHeader)(unsafe.Pointer(&ps))
	fmt.Println("struct", *(*pair)(unsafe.Pointer(ph.Data + 8)), *(*int32)(unsafe.Pointer(ph.Data + 76)))

	bs := []byte("hello, world")
	bh := (*reflect.SliceHeader)(unsafe.Pointer(&bs))
	fmt.Println("byte", *(*byte)(unsafe.Pointer(bh.Data + 1)), *(*byte)(unsafe.Pointer(bh.Data + 11)))
	s := "header"
	strh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	fmt.Println("string", *(*byte)(unsafe.Pointer(strh.Data + 2)))

	own := (*header)(unsafe.Pointer(&ix.nodes))
	fmt.Println("own header", own.len, (*(**node)(unsafe.Add(own.data, 9*8))).key)
	words := []uint64{100, 200, 300, 400, 500, 600, 700, 800, 900, 1000}
	wh := (*header)(unsafe.Pointer(&words))
	fmt.Println("own header uint64", *(*uint64)(unsafe.Add(wh.data, 8*8)))
}
