// Tests fmt float verbs %v %e %E %f %F %g %G %x %b with widths, precisions and flags.
package main

import (
	"fmt"
	"math"
)

func main() {
	fs := []float64{0, 1, -1, 3.14159265358979, 1e6, 1e21, 1e-7, 123456789.123, 0.000123, 2.5, 1.0 / 3}
	for _, f := range fs {
		fmt.Printf("%v|%e|%E|%f|%.2f|%g|%G|%8.3g|%-10.1e|%+.3f\n", f, f, f, f, f, f, f, f, f, f)
	}
	var f32 float32 = 0.1
	fmt.Printf("%v %g %.10f %e\n", f32, f32, f32, f32)
	fmt.Printf("%v %v %v\n", float32(16777216.0), float32(1e10), float32(3.4e38))
	fmt.Printf("%x %X %b\n", 1.0, 0.5, 2.0)
	fmt.Printf("%#g %#.3g %#v\n", 1.0, 2.0, 3.0)
	fmt.Printf("%010.3f|%-10.3f|% .2f|%+.0f\n", -3.14159, 2.71828, 1.5, 2.5)
	fmt.Printf("%.0f %.0f %.0f %.0f\n", 0.5, 1.5, 2.5, 3.5)
	fmt.Printf("%6.2f%%\n", 99.5)
	fmt.Printf("%v %v %v\n", math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat32)
	fmt.Printf("%.3e %.3g %g %g\n", 123456.0, 123456.0, 100000.0, 1000000.0)
	fmt.Printf("%g %g %g\n", 1e20, 1e21, 1e-4)
	fmt.Printf("%g %g\n", 1e-5, 0.0001234)
	fmt.Println(1e20, 1e21, 123456789.0, 0.000001, 0.0000001)
	fmt.Println(float32(1)/3, 2.0/3)
	fmt.Printf("%8.2f|%-8.2f|%08.2f\n", math.Inf(1), math.Inf(-1), math.NaN())
	fmt.Printf("%v %s\n", []float64{1.5, 2}, fmt.Sprint(1.0, 2.50))
	fmt.Printf("%5.1f|%5.1f\n", 9.95, 9.949)
	if fmt.Sprintf("%.2f", 2.675) != "2.67" && fmt.Sprintf("%.2f", 2.675) != "2.68" {
		panic("FAIL: rounding")
	}
}
