// Tests math/cmplx: Abs, Sqrt, Exp, Log, Pow, Phase, Polar/Rect, Conj, Inf/NaN.
package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func round(c complex128) complex128 {
	r := math.Round(real(c)*1e9) / 1e9
	i := math.Round(imag(c)*1e9) / 1e9
	return complex(r+0, i+0)
}

func main() {
	z := complex(3, 4)
	fmt.Println(cmplx.Abs(z), cmplx.Conj(z), round(cmplx.Sqrt(z)), round(cmplx.Sqrt(-1)))
	fmt.Printf("%.6f\n", cmplx.Phase(z))
	r, th := cmplx.Polar(1i)
	fmt.Printf("polar(i): %.6f %.6f\n", r, th)
	fmt.Println(round(cmplx.Rect(2, math.Pi/2)))
	fmt.Println("euler:", round(cmplx.Exp(complex(0, math.Pi))))
	fmt.Println(round(cmplx.Log(complex(math.E, 0))), round(cmplx.Pow(2i, 2)), round(cmplx.Pow(z, 0.5)))
	fmt.Println(round(cmplx.Sin(1i)), round(cmplx.Cos(0)), round(cmplx.Tan(0)))
	fmt.Println(cmplx.Inf(), cmplx.IsInf(cmplx.Inf()), cmplx.IsNaN(cmplx.NaN()), cmplx.NaN())
	fmt.Println(cmplx.Abs(complex(math.Inf(1), math.NaN())))
	var c64 complex64 = 1 + 1i
	fmt.Println(cmplx.Abs(complex128(c64)), c64*c64)
	roots := make([]complex128, 4)
	for k := range 4 {
		roots[k] = round(cmplx.Rect(1, 2*math.Pi*float64(k)/4))
	}
	fmt.Println("4th roots of unity:", roots)
	prod := complex(1, 0)
	for _, rt := range roots {
		prod *= rt
	}
	fmt.Println("product:", round(prod))
	if cmplx.Abs(z) != 5 {
		panic("FAIL: Abs")
	}
}
