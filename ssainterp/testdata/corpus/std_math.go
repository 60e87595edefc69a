// Tests math: Sqrt, Floor, Ceil, Inf, NaN, limits, Float64bits, Mod, Pow, trig, logs, Abs, Hypot, Frexp.
package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Sqrt(-1), math.Cbrt(27), math.Floor(-1.5), math.Ceil(-1.5), math.Trunc(1.9))
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxUint32, math.MaxInt8, math.MaxUint16)
	fmt.Println(math.MaxFloat32, math.MaxFloat64, math.Pi, math.E)
	fmt.Printf("%#x %#x %#x\n", math.Float64bits(1.0), math.Float64bits(-2.5), math.Float32bits(1.0))
	fmt.Println(math.Float64frombits(0x4000000000000000), math.Float32frombits(0x3f800000))
	fmt.Println(math.Mod(7, 3), math.Mod(-7, 3), math.Mod(7, -3), math.Remainder(7, 3), math.Mod(5.5, 2))
	fmt.Println(math.Pow(2, 10), math.Pow(2, -1), math.Pow(-8, 1.0/3), math.Pow(0, 0), math.Pow10(3))
	fmt.Printf("%.6f %.6f %.6f %.6f\n", math.Sin(math.Pi/6), math.Cos(0), math.Tan(math.Pi/4), math.Atan2(1, 1))
	fmt.Printf("%.6f %.6f %.6f %.6f\n", math.Log(math.E), math.Log2(1024), math.Log10(0.001), math.Exp(1))
	fmt.Println(math.Abs(-3.2), math.Hypot(3, 4), math.Max(3, math.NaN()), math.Min(-0.0, 0.0), math.Dim(5, 3), math.Dim(3, 5))
	frac, exp := math.Frexp(8)
	fmt.Println("frexp:", frac, exp, math.Ldexp(0.5, 4))
	ip, fp := math.Modf(-3.75)
	fmt.Println("modf:", ip, fp)
	fmt.Println(math.Round(2.5), math.Round(-2.5), math.RoundToEven(2.5), math.RoundToEven(3.5))
	fmt.Println(math.Signbit(-0.0), math.Signbit(math.Copysign(0, -1)), math.Copysign(3, -1))
	fmt.Println(math.IsInf(math.Inf(-1), -1), math.IsNaN(math.Log(-1)), math.Log(0))
	fmt.Println(math.Nextafter(1, 2)-1 == math.SmallestNonzeroFloat64, math.Nextafter(1, 2)-1)
	fmt.Println(math.FMA(2, 3, 4), math.Gamma(5), math.Erf(0))
	fmt.Printf("%.4f %.4f\n", math.Asin(1), math.Sinh(1))
	fmt.Println(math.Float32bits(float32(math.NaN())) != 0, uint32(math.Float32bits(-0.0)))
	if math.Sqrt(16) != 4 || math.Pow(2, 10) != 1024 {
		panic("FAIL: math")
	}
}
