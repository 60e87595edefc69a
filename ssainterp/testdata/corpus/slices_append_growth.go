// Tests append capacity growth for several element types (must match Go's growslice exactly).
// Every slice is stored into a package-level sink after each append so that it lives on the
// heap; this keeps the gc compiler's stack-allocated backing-store optimization out of play.
package main

import "fmt"

type Small struct {
	A int32
	B byte
}

type Big struct {
	A, B, C, D, E int64
}

var (
	sinkInt   []int
	sinkByte  []byte
	sinkStr   []string
	sinkSmall []Small
	sinkBig   []Big
	sinkI32   []int32
)

func main() {
	prev := -1
	for i := range 40 {
		sinkInt = append(sinkInt, i)
		if cap(sinkInt) != prev {
			fmt.Printf("[]int len=%d cap=%d\n", len(sinkInt), cap(sinkInt))
			prev = cap(sinkInt)
		}
	}
	prev = -1
	for i := range 300 {
		sinkByte = append(sinkByte, byte(i))
		if cap(sinkByte) != prev {
			fmt.Printf("[]byte len=%d cap=%d\n", len(sinkByte), cap(sinkByte))
			prev = cap(sinkByte)
		}
	}
	prev = -1
	for i := range 50 {
		sinkStr = append(sinkStr, fmt.Sprint(i))
		if cap(sinkStr) != prev {
			fmt.Printf("[]string len=%d cap=%d\n", len(sinkStr), cap(sinkStr))
			prev = cap(sinkStr)
		}
	}
	prev = -1
	for range 30 {
		sinkSmall = append(sinkSmall, Small{})
		if cap(sinkSmall) != prev {
			fmt.Printf("[]Small len=%d cap=%d\n", len(sinkSmall), cap(sinkSmall))
			prev = cap(sinkSmall)
		}
	}
	prev = -1
	for range 30 {
		sinkBig = append(sinkBig, Big{})
		if cap(sinkBig) != prev {
			fmt.Printf("[]Big len=%d cap=%d\n", len(sinkBig), cap(sinkBig))
			prev = cap(sinkBig)
		}
	}
	prev = -1
	for i := range 600 {
		sinkI32 = append(sinkI32, int32(i))
		if cap(sinkI32) != prev {
			fmt.Printf("[]int32 len=%d cap=%d\n", len(sinkI32), cap(sinkI32))
			prev = cap(sinkI32)
		}
	}
	// append many at once to heap slices
	sinkInt = make([]int, 3)
	sinkInt = append(sinkInt, 4, 5, 6, 7)
	fmt.Println("multi append:", len(sinkInt), cap(sinkInt))
	sinkByte = make([]byte, 5)
	sinkByte = append(sinkByte, " world, this is long"...)
	fmt.Println("bytes append string:", len(sinkByte), cap(sinkByte))
	sinkInt = nil
	sinkInt = append(sinkInt, make([]int, 13)...)
	fmt.Println("append 13 to nil:", len(sinkInt), cap(sinkInt))
	sinkStr = make([]string, 0, 5)
	sinkStr = append(sinkStr, "a")
	fmt.Println("within cap:", len(sinkStr), cap(sinkStr))
	// aliasing after append within capacity
	base := make([]int, 3, 10)
	a1 := append(base, 100)
	a2 := append(base, 200)
	fmt.Println("aliasing:", a1[3], a2[3])
	if a1[3] != 200 {
		panic("FAIL: append aliasing")
	}
	if cap(sinkBig) != 32 {
		panic("FAIL: Big growth")
	}
}
