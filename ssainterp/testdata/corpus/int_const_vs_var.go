// Tests that constant-folded and run-time integer expressions agree (wrapping, division, shifts, conversions).
package main

import "fmt"

//go:noinline
func id[T any](v T) T { return v }

func main() {
	const c8 int8 = -128
	v8 := id(c8)
	fmt.Println("const -c8 would overflow; runtime -v8:", -v8, " v8/-1:", v8/id(int8(-1)))
	const cu uint8 = 200
	vu := id(cu)
	fmt.Println("uint8 200+100 runtime:", vu+100, " const as int:", int(cu)+100)
	fmt.Println("const 7/-2:", 7/-2, "runtime:", id(7)/id(-2))
	fmt.Println("const -7%3:", -7%3, "runtime:", id(-7)%id(3))
	fmt.Println("const 1<<62:", 1<<62, "runtime:", id(1)<<id(62))
	fmt.Println("const ^0:", ^0, "runtime:", ^id(0))
	fmt.Println("const uint32(^uint32(0)>>1):", ^uint32(0)>>1, "runtime:", ^id(uint32(0))>>1)
	fmt.Println("const -5>>1:", -5>>1, "runtime:", id(-5)>>1)
	fmt.Println("const 0x7fff+1 as int16 via var:", int16(id(0x7fff))+1)
	const big = 1 << 70
	fmt.Println("const big/1<<60:", big/(1<<60))
	fmt.Println("float const 1/3*3 == 1:", 1.0/3*3 == 1, "runtime:", id(1.0)/3*3 == 1)
	x := id(0.1)
	fmt.Println("0.1+0.2 const:", 0.1+0.2, "runtime:", x+0.2)
	fmt.Println("const float->int:", int64(1e18), "runtime:", int64(id(1e18)))
	fmt.Println("const rune arithmetic:", 'a'+1, string(rune('a'+1)), "runtime:", id('a')+1)
	type Small int8
	var s Small = 100
	s += Small(id(50))
	fmt.Println("named int8 wrap:", s)
	for _, sh := range []uint{7, 8, 15, 16, 31, 32, 63, 64} {
		fmt.Printf("sh=%d int8:%d uint16:%d int32:%d uint64:%d\n", sh, int8(1)<<sh, uint16(1)<<sh, int32(1)<<sh, uint64(1)<<sh)
	}
	if -v8 != -128 || id(7)/id(-2) != -3 {
		panic("FAIL: const vs var")
	}
}
