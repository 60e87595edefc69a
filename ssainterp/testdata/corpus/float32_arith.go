// Tests float32 arithmetic rounding at each operation, accumulation error, conversions and comparisons.
package main

import (
	"fmt"
	"math"
)

func main() {
	var a, b float32 = 16777216, 1
	fmt.Println("2^24 + 1:", a+b, " (a+b)-a:", (a+b)-a)
	var x float32 = 0.1
	var sum float32
	for range 1000 {
		sum += x
	}
	fmt.Println("sum of 1000 x 0.1f:", sum)
	var d float64
	for range 1000 {
		d += 0.1
	}
	fmt.Println("sum of 1000 x 0.1:", d)
	p := float32(1.1) * float32(1.1)
	fmt.Println("1.1f*1.1f:", p, float64(p))
	q := float32(1) / float32(3)
	fmt.Println("1f/3f:", q, q*3 == 1)
	var big float32 = 3e38
	fmt.Println("overflow to inf:", big*10, -big*10)
	var tiny float32 = 1e-45
	fmt.Println("underflow:", tiny/2, tiny*0.5 == 0)
	fmt.Println("float32 eps:", math.Nextafter32(1, 2)-1)
	h := float32(0.5)
	fmt.Println("halves:", h+h, h*h, h/h, -h)
	f := float32(123456.789)
	fmt.Println("precision loss:", f, float64(f))
	vals := []float32{3.5, -2.25, 1e10, 7, 0}
	var prod float32 = 1
	for _, v := range vals[:4] {
		prod *= v
	}
	fmt.Println("product:", prod)
	fmt.Println("mixed compare:", float64(float32(0.1)) == 0.1, float32(0.1) == float32(0.1))
	fmt.Printf("%.10f %g %e\n", float32(math.Pi), float32(math.Pi), float32(math.Pi))
	i := int32(16777217)
	fmt.Println("int32->float32->int32:", int32(float32(i)))
	var neg float32 = -0.0
	fmt.Println("neg zero literal is +0:", math.Signbit(float64(neg)))
	nz := float32(math.Copysign(0, -1))
	fmt.Println("real neg zero:", nz, math.Signbit(float64(nz)), 1/nz)
	if a+b != a {
		panic("FAIL: float32 rounding")
	}
}
