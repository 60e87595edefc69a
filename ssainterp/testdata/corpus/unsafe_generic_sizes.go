// unsafe.Sizeof, Alignof and Offsetof of values whose types are type
// parameters are not constants: they are computed per instantiation
// (jackc/puddle v2.2.2's log2Int[T] takes unsafe.Sizeof of a T).
package main

import (
	"fmt"
	"unsafe"
)

type pair[A, B any] struct {
	a A
	b B
}

func sizes[T any](v T) (uintptr, uintptr) { return unsafe.Sizeof(v), unsafe.Alignof(v) }

func offsetB[A, B any](p pair[A, B]) uintptr { return unsafe.Offsetof(p.b) }

func offsetBPtr[A, B any](p *pair[A, B]) uintptr { return unsafe.Offsetof(p.b) }

func log2Int[T ~int | ~int32 | ~int64](val T) uint8 {
	if val <= 0 {
		return 0
	}
	var n uint8
	for i := uintptr(0); i < unsafe.Sizeof(val)*8 && val > 1; i++ {
		val >>= 1
		n++
	}
	return n
}

func main() {
	fmt.Println(sizes(int8(1)))
	fmt.Println(sizes(int64(1)))
	fmt.Println(sizes("s"))
	fmt.Println(sizes([]int{1}))
	fmt.Println(sizes(pair[int8, int64]{}))
	fmt.Println(sizes([3]int16{}))
	fmt.Println(sizes(any(1)))
	fmt.Println(offsetB(pair[int8, int64]{}), offsetB(pair[byte, byte]{}), offsetB(pair[string, int32]{}))
	fmt.Println(offsetBPtr(&pair[int32, string]{}))
	fmt.Println(log2Int(1024), log2Int(int32(7)), log2Int(int64(1)<<40))
}
