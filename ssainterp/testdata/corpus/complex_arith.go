// Tests complex64/complex128 arithmetic, real/imag/complex builtins and printing.
package main

import (
	"fmt"
	"math"
)

func main() {
	a := complex(1, 2)
	b := 3 - 4i
	fmt.Println("a:", a, "b:", b)
	fmt.Println("a+b:", a+b, "a-b:", a-b, "a*b:", a*b, "a/b:", a/b)
	fmt.Println("real(a):", real(a), "imag(b):", imag(b))
	fmt.Printf("%%v=%v %%.2f=%.2f %%g=%g %%e=%e\n", a/b, a/b, a/b, a)
	var c64 complex64 = complex(float32(1.5), float32(-0.25))
	fmt.Println("c64:", c64, "real:", real(c64), "imag:", imag(c64))
	fmt.Printf("c64 type %T, real type %T\n", c64, real(c64))
	c64 *= c64
	fmt.Println("c64^2:", c64)
	fmt.Println("equal:", a == complex(1, 2), a != b)
	// conversions
	c128 := complex128(c64)
	fmt.Println("c128 from c64:", c128)
	back := complex64(a / b)
	fmt.Println("complex64(a/b):", back)
	// special values
	inf := math.Inf(1)
	ci := complex(inf, math.NaN())
	fmt.Println("inf,nan:", ci)
	zero := complex(0, 0)
	fmt.Println("1/0 complex:", 1/zero)
	// powers of i
	p := complex(1, 0)
	for i := range 5 {
		fmt.Printf("i^%d = %v\n", i, p)
		p *= 1i
	}
	// sum in loop
	var s complex128
	for k := 1; k <= 4; k++ {
		s += complex(float64(k), float64(-k))
	}
	fmt.Println("sum:", s)
	if real(s) != 10 || imag(s) != -10 {
		panic("FAIL: complex sum")
	}
	const cc = 2i * 2i
	fmt.Println("const 2i*2i:", cc, real(cc))
	fmt.Println("negation:", -a, "sprint:", fmt.Sprint(complex64(-1-1i)))
	fmt.Printf("%+.1f %8.1f|\n", a, b)
}
