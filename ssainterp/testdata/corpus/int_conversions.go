// Tests conversions between integer sizes: truncation, sign extension, zero extension.
package main

import "fmt"

func main() {
	vals := []int64{0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536, -32769, 2147483647, 2147483648, -2147483649, 4294967295, 4294967296, 1<<62 + 12345, -1 << 63}
	for _, v := range vals {
		fmt.Printf("%d: i8=%d u8=%d i16=%d u16=%d i32=%d u32=%d u64=%d\n",
			v, int8(v), uint8(v), int16(v), uint16(v), int32(v), uint32(v), uint64(v))
	}
	// sign extension from smaller
	var i8 int8 = -5
	fmt.Println("int8 -5 -> int64:", int64(i8), " uint64:", uint64(i8), " uint16:", uint16(i8))
	var u8 uint8 = 251
	fmt.Println("uint8 251 -> int8:", int8(u8), " int64:", int64(u8))
	var u32 uint32 = 0x80000000
	fmt.Println("uint32 0x80000000 -> int32:", int32(u32), " int64:", int64(u32), " int:", int(int32(u32)))
	var i32 int32 = -1
	fmt.Println("int32 -1 -> uint32:", uint32(i32), " uint64(uint32):", uint64(uint32(i32)), " uint64:", uint64(i32))
	var up uintptr = uintptr(u32)
	fmt.Println("uintptr:", up, " back to uint8:", uint8(up))
	// chained conversions
	x := 0x12345678
	fmt.Printf("%#x -> uint8 %#x -> int8 %d -> uint16 %#x\n", x, uint8(x), int8(uint8(x)), uint16(int8(uint8(x))))
	v200 := uint8(200)
	if int8(v200) != -56 {
		panic("FAIL: int8(200)")
	}
	m1 := int8(-1)
	if uint16(m1) != 65535 {
		panic("FAIL: sign ext")
	}
	// rune and byte
	r := rune(-1)
	fmt.Println("rune -1 -> uint32:", uint32(r))
	var b byte = 'A'
	fmt.Println("byte + 200 as byte:", b+200)
}
