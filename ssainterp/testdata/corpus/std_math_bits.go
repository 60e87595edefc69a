// Tests math/bits: LeadingZeros, TrailingZeros, OnesCount, RotateLeft, Reverse, Len, Add/Mul/Div with carry.
package main

import (
	"fmt"
	"math/bits"
)

func main() {
	for _, x := range []uint64{0, 1, 2, 255, 1 << 63, 0xF0F0, 0xFFFFFFFFFFFFFFFF} {
		fmt.Printf("%#x: lz=%d tz=%d ones=%d len=%d rev=%#x bswap=%#x rotl3=%#x\n",
			x, bits.LeadingZeros64(x), bits.TrailingZeros64(x), bits.OnesCount64(x), bits.Len64(x),
			bits.Reverse64(x), bits.ReverseBytes64(x), bits.RotateLeft64(x, 3))
	}
	fmt.Println(bits.LeadingZeros8(1), bits.LeadingZeros16(1), bits.LeadingZeros32(1), bits.OnesCount8(0xAA), bits.OnesCount16(0xFFFF))
	fmt.Println(bits.RotateLeft8(0x81, 1), bits.RotateLeft32(1, -1), bits.Reverse8(1), bits.Len32(1000), bits.Len(0))
	fmt.Println(bits.UintSize, bits.TrailingZeros(0), bits.OnesCount(7))
	sum, carry := bits.Add64(0xFFFFFFFFFFFFFFFF, 1, 0)
	fmt.Println("add:", sum, carry)
	diff, borrow := bits.Sub64(0, 1, 0)
	fmt.Println("sub:", diff, borrow)
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println("mul:", hi, lo)
	q, r := bits.Div64(1, 0, 3)
	fmt.Println("div:", q, r)
	s32, c32 := bits.Add32(0xFFFFFFFF, 0xFFFFFFFF, 1)
	fmt.Println("add32:", s32, c32)
	h32, l32 := bits.Mul32(0xFFFFFFFF, 0xFFFFFFFF)
	fmt.Println("mul32:", h32, l32)
	fmt.Println("rem:", bits.Rem64(1, 5, 7))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		bits.Div64(0, 1, 0)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		bits.Div64(5, 1, 3)
	}()
	if bits.OnesCount64(0xFFFFFFFFFFFFFFFF) != 64 {
		panic("FAIL: OnesCount")
	}
}
