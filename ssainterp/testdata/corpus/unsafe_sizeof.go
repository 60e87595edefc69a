// Tests trivial unsafe.Sizeof/Alignof/Offsetof constants for fixed-size types and simple structs (amd64 layout).
package main

import (
	"fmt"
	"unsafe"
)

type Packed struct {
	A int8
	B int64
	C int16
}

type Ordered struct {
	B int64
	C int16
	A int8
}

func main() {
	fmt.Println(unsafe.Sizeof(int8(0)), unsafe.Sizeof(int16(0)), unsafe.Sizeof(int32(0)), unsafe.Sizeof(int64(0)))
	fmt.Println(unsafe.Sizeof(float32(0)), unsafe.Sizeof(float64(0)), unsafe.Sizeof(complex64(0)), unsafe.Sizeof(complex128(0)))
	fmt.Println(unsafe.Sizeof([3]int32{}), unsafe.Sizeof([0]int{}), unsafe.Sizeof(struct{}{}), unsafe.Sizeof(true))
	fmt.Println("Packed:", unsafe.Sizeof(Packed{}), unsafe.Offsetof(Packed{}.B), unsafe.Offsetof(Packed{}.C), unsafe.Alignof(Packed{}))
	fmt.Println("Ordered:", unsafe.Sizeof(Ordered{}), unsafe.Offsetof(Ordered{}.C), unsafe.Offsetof(Ordered{}.A))
	fmt.Println(unsafe.Sizeof(int(0)) == unsafe.Sizeof(uintptr(0)), unsafe.Sizeof("") == 2*unsafe.Sizeof(uintptr(0)))
	fmt.Println(unsafe.Sizeof([]int{}) == 3*unsafe.Sizeof(uintptr(0)), unsafe.Sizeof(any(nil)) == 2*unsafe.Sizeof(uintptr(0)))
	if unsafe.Sizeof(Packed{}) != 24 {
		panic("FAIL: Packed size")
	}
}
