// Tests bitwise operators &, |, ^, &^, unary ^ across integer types.
package main

import "fmt"

func main() {
	a, b := 0b1100_1010, 0b1010_0110
	fmt.Printf("a=%08b b=%08b\n", a, b)
	fmt.Printf("a&b=%08b a|b=%08b a^b=%08b a&^b=%08b\n", a&b, a|b, a^b, a&^b)
	if a&^b != a&(^b) {
		panic("FAIL: andnot")
	}
	var u8 uint8 = 0x5A
	fmt.Printf("^u8=%#x\n", ^u8)
	var i8 int8 = 0x5A
	fmt.Println("^i8 =", ^i8)
	var i64 int64 = -1
	fmt.Println("^-1 =", ^i64)
	var u32 uint32 = 0xDEADBEEF
	fmt.Printf("u32&0xFFFF=%#x u32>>16=%#x ^u32=%#x\n", u32&0xFFFF, u32>>16, ^u32)
	u32 &^= 0xFF
	fmt.Printf("u32 &^= 0xFF -> %#x\n", u32)
	u32 |= 0x0F
	fmt.Printf("u32 |= 0x0F -> %#x\n", u32)
	u32 ^= 0xFFFFFFFF
	fmt.Printf("u32 ^= max -> %#x\n", u32)

	// popcount by hand
	count := func(x uint64) int {
		n := 0
		for x != 0 {
			x &= x - 1
			n++
		}
		return n
	}
	for _, v := range []uint64{0, 1, 255, 1 << 63, 0xFFFFFFFFFFFFFFFF, 0x123456789} {
		fmt.Printf("popcount(%#x)=%d\n", v, count(v))
	}
	// negative and
	x := -8
	fmt.Println("-8 & 0xFF =", x&0xFF, " -8 | 3 =", x|3, " -8 ^ -1 =", x^-1)
	var i16 int16 = -32768
	fmt.Println("int16 min & 0x7FFF =", i16&0x7FFF, " | 1 =", i16|1)
	// lowest set bit
	for _, v := range []int{12, 40, 7, -4} {
		fmt.Println("lowbit", v, "=", v&-v)
	}
}
