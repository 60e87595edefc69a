// Tests integer division and modulo truncation toward zero with negative operands.
package main

import (
	"fmt"
	"math"
)

func divmod[T ~int8 | ~int16 | ~int32 | ~int64 | ~int](a, b T) (T, T) {
	return a / b, a % b
}

func main() {
	pairs := [][2]int{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 3}, {1, 5}, {-1, 5}, {100, 7}, {-100, 7}, {9, 3}, {-9, 3}}
	for _, p := range pairs {
		q, r := divmod(p[0], p[1])
		fmt.Printf("%d / %d = %d, %d %% %d = %d\n", p[0], p[1], q, p[0], p[1], r)
		if q*p[1]+r != p[0] {
			panic("FAIL: div identity")
		}
	}
	// int8 cases
	q8, r8 := divmod(int8(-128), int8(3))
	fmt.Println("int8 -128/3:", q8, r8)
	q8, r8 = divmod(int8(127), int8(-10))
	fmt.Println("int8 127/-10:", q8, r8)

	// MinInt / -1 at run time
	x := int64(math.MinInt64)
	y := int64(-1)
	fmt.Println("MinInt64 / -1 =", x/y)
	fmt.Println("MinInt64 % -1 =", x%y)
	var x8 int8 = -128
	var y8 int8 = -1
	fmt.Println("int8 -128 / -1 =", x8/y8, "rem", x8%y8)
	var x16 int16 = math.MinInt16
	var y16 int16 = -1
	fmt.Println("int16 min / -1 =", x16/y16)
	var x32 int32 = math.MinInt32
	var y32 int32 = -1
	fmt.Println("int32 min / -1 =", x32/y32)

	// unsigned division
	var ua uint32 = 4000000000
	var ub uint32 = 7
	fmt.Println("uint32:", ua/ub, ua%ub)
	var u8a uint8 = 250
	fmt.Println("uint8 250/3 250%3:", u8a/3, u8a%3)
	var u64 uint64 = math.MaxUint64
	fmt.Println("uint64 max/10:", u64/10, u64%10)

	// constant expressions
	const c1 = -7 / 2
	const c2 = -7 % 2
	fmt.Println("const -7/2 -7%2:", c1, c2)

	// division by powers of two with negatives (must not be arithmetic shift)
	for _, v := range []int32{-1, -2, -3, -7, -8, -9, 15} {
		fmt.Println(v, "/4 =", v/4, " %4 =", v%4, " /8 =", v/8, " %8 =", v%8)
	}
	// compound assignment
	z := -17
	z /= 5
	fmt.Println("-17 /= 5:", z)
	z = -17
	z %= 5
	fmt.Println("-17 %= 5:", z)
	// Constant divisors (compiled as immediates).
	for _, v := range []int{-7, -1, 0, 7, math.MinInt64, math.MaxInt64} {
		fmt.Println("const rem:", v, v%2, v%3, v%-1, v%-5, uint64(v)%3, uint64(v)%10)
	}
}
