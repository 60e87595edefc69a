// Tests float<->int conversions (truncation toward zero) and float32 rounding.
package main

import (
	"fmt"
	"math"
)

func main() {
	fs := []float64{0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 3.9999, 1e9 + 0.9, -1e9 - 0.9, 123456.789}
	for _, f := range fs {
		fmt.Printf("%v -> int=%d int32=%d int64=%d\n", f, int(f), int32(f), int64(f))
	}
	for _, f := range []float64{0, 1.9, 255.9, 100.5, 4294967295.0} {
		fmt.Printf("%v -> uint8=%d uint32=%d uint64=%d\n", f, uint8(int(f)), uint32(f), uint64(f))
	}
	ints := []int64{0, 1, -1, 1 << 53, 1<<53 + 1, 1<<62 + 1, math.MaxInt64, math.MinInt64}
	for _, i := range ints {
		fmt.Printf("%d -> float64=%v float32=%v\n", i, float64(i), float32(i))
	}
	var u64 uint64 = math.MaxUint64
	fmt.Println("uint64 max -> float64:", float64(u64))
	var u64b uint64 = 1<<63 + 1
	fmt.Println("2^63+1 -> float64:", float64(u64b), " back:", uint64(float64(u64b)))

	// float32 rounding
	var f32 float32 = 0.1
	fmt.Println("float32(0.1):", f32, " as float64:", float64(f32))
	f32 = 16777216
	f32++
	fmt.Println("float32 2^24+1:", f32)
	a := float32(1) / 3
	b := float64(1) / 3
	fmt.Println("1/3 float32:", a, " float64:", b, " equal:", float64(a) == b)
	sum32 := float32(0)
	for range 10 {
		sum32 += 0.1
	}
	fmt.Println("sum of ten 0.1 float32:", sum32)
	sum64 := 0.0
	for range 10 {
		sum64 += 0.1
	}
	fmt.Println("sum of ten 0.1 float64:", sum64)
	x := 1e40
	fmt.Println("float32(1e40):", float32(x))
	y := 1.0000001
	fmt.Println("float32(1.0000001):", float32(y))
	fmt.Println("float32 max:", float32(math.MaxFloat32))
	fmt.Println("smallest float32:", float32(math.SmallestNonzeroFloat32))
	z := -2.7
	if int(z) != -2 {
		panic("FAIL: trunc var")
	}
	fmt.Println("math.Trunc/Round:", math.Trunc(-2.5), math.Round(-2.5), math.RoundToEven(2.5), math.Floor(-2.5), math.Ceil(-2.5))
}
