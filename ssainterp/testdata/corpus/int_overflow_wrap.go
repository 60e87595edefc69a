// Tests integer overflow wraparound for every sized integer type.
package main

import (
	"fmt"
	"math"
)

func main() {
	var i8 int8 = math.MaxInt8
	i8++
	fmt.Println("int8 max+1:", i8)
	if i8 != math.MinInt8 {
		panic("FAIL: int8 wrap")
	}
	i8--
	fmt.Println("int8 min-1:", i8)

	var i16 int16 = math.MaxInt16
	i16 += 2
	fmt.Println("int16 max+2:", i16)

	var i32 int32 = math.MaxInt32
	i32 *= 2
	fmt.Println("int32 max*2:", i32)
	if i32 != -2 {
		panic("FAIL: int32 mul wrap")
	}

	var i64 int64 = math.MaxInt64
	i64++
	fmt.Println("int64 max+1:", i64)
	if i64 != math.MinInt64 {
		panic("FAIL: int64 wrap")
	}

	var u8 uint8 = 0
	u8--
	fmt.Println("uint8 0-1:", u8)
	if u8 != 255 {
		panic("FAIL: uint8 wrap")
	}
	u8 = 200
	u8 += 100
	fmt.Println("uint8 200+100:", u8)
	u8 = 16
	u8 *= 16
	fmt.Println("uint8 16*16:", u8)

	var u16 uint16 = 65535
	u16 += 10
	fmt.Println("uint16 65535+10:", u16)

	var u32 uint32 = 0
	u32 -= 1
	fmt.Println("uint32 0-1:", u32)
	u32 = 1 << 31
	u32 *= 2
	fmt.Println("uint32 2^31*2:", u32)

	var u64 uint64 = 0
	u64--
	fmt.Println("uint64 0-1:", u64)
	if u64 != math.MaxUint64 {
		panic("FAIL: uint64 wrap")
	}

	var up uintptr = 0
	up--
	fmt.Println("uintptr 0-1 == max:", up == ^uintptr(0))

	var n int = math.MaxInt
	n++
	fmt.Println("int max+1 == min:", n == math.MinInt)

	// negation of minimum values
	var m8 int8 = -128
	m8 = -m8
	fmt.Println("-int8(-128):", m8)
	var m64 int64 = math.MinInt64
	m64 = -m64
	fmt.Println("-MinInt64:", m64)

	// multiplication overflow
	var a int64 = 1 << 40
	fmt.Println("2^40 * 2^40:", a*a)
	var b int32 = 123456789
	fmt.Println("123456789*100 int32:", b*100)
	var c int16 = 300
	fmt.Println("300*300 int16:", c*c)
	var d uint16 = 300
	fmt.Println("300*300 uint16:", d*d)

	// loop accumulation overflow
	var sum int8
	for i := 0; i < 100; i++ {
		sum += int8(i)
	}
	fmt.Println("int8 sum 0..99:", sum)
	var usum uint8
	for i := range 100 {
		usum += uint8(i * 3)
	}
	fmt.Println("uint8 sum 3*i:", usum)
}
