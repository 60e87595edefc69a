// Tests shortest float formatting and round trips through strconv and fmt for float64 and float32.
package main

import (
	"fmt"
	"math"
	"strconv"
)

func main() {
	vals := []float64{0.1, 0.2, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100, 1e23, 5e-324, math.MaxFloat64, 123.456, -0.0001, 1 << 53, 9007199254740993, 0.3, 1e-10, 12345678.9}
	for _, v := range vals {
		s := strconv.FormatFloat(v, 'g', -1, 64)
		back, _ := strconv.ParseFloat(s, 64)
		fmt.Printf("%-24s %-24v e=%s f=%s ok=%v\n", s, v, strconv.FormatFloat(v, 'e', -1, 64), strconv.FormatFloat(v, 'f', -1, 64), back == v)
		if back != v {
			panic("FAIL: roundtrip " + s)
		}
	}
	f32s := []float32{0.1, 1.0 / 3, 16777217, 3.4e38, 1e-45, 0.3}
	for _, v := range f32s {
		s := strconv.FormatFloat(float64(v), 'g', -1, 32)
		back, _ := strconv.ParseFloat(s, 32)
		fmt.Printf("f32 %-14s %v ok=%v\n", s, v, float32(back) == v)
	}
	for _, prec := range []int{0, 1, 2, 5, 10, 17} {
		fmt.Print(strconv.FormatFloat(math.Pi, 'f', prec, 64), " ")
	}
	fmt.Println()
	fmt.Println(strconv.FormatFloat(1234.5678, 'E', 3, 64), strconv.FormatFloat(0.000012, 'G', 2, 64), strconv.FormatFloat(255, 'x', -1, 64), strconv.FormatFloat(1.5, 'b', -1, 64))
	fmt.Println(strconv.FormatFloat(2.5, 'f', 0, 64), strconv.FormatFloat(3.5, 'f', 0, 64), strconv.FormatFloat(-2.5, 'f', 0, 64), strconv.FormatFloat(0.125, 'f', 2, 64), strconv.FormatFloat(0.375, 'f', 2, 64))
}
