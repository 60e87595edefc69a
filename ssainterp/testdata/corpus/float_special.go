// Tests NaN, Inf, -0.0 comparisons, arithmetic and printing.
package main

import (
	"fmt"
	"math"
)

func main() {
	nan := math.NaN()
	inf := math.Inf(1)
	ninf := math.Inf(-1)
	fmt.Println("nan:", nan, "inf:", inf, "ninf:", ninf)
	fmt.Println("nan==nan:", nan == nan, "nan!=nan:", nan != nan, "nan<1:", nan < 1, "nan>1:", nan > 1)
	fmt.Println("inf>maxfloat:", inf > math.MaxFloat64, "ninf<-maxfloat:", ninf < -math.MaxFloat64)
	fmt.Println("inf-inf:", inf-inf, "inf*0:", inf*0, "inf+1:", inf+1, "1/inf:", 1/inf)
	zero := 0.0
	fmt.Println("1/0:", 1/zero, "-1/0:", -1/zero, "0/0:", zero/zero)
	negz := math.Copysign(0, -1)
	fmt.Println("-0.0:", negz, "==0:", negz == 0, "signbit:", math.Signbit(negz), "1/-0:", 1/negz)
	nz2 := -zero
	fmt.Println("-zero var signbit:", math.Signbit(nz2))
	fmt.Printf("%%v %v %%f %f %%e %e %%g %g\n", negz, negz, negz, negz)
	fmt.Printf("%%v nan %v %%f inf %f %%5.2f ninf %5.2f %%+v inf %+v\n", nan, inf, ninf, inf)
	fmt.Println("IsNaN:", math.IsNaN(nan), "IsInf:", math.IsInf(inf, 1), math.IsInf(ninf, -1), math.IsInf(ninf, 1))
	fmt.Println("max(nan,1):", max(nan, 1.0), "min(1,nan):", min(1.0, nan))
	fmt.Println("min(-0,0) signbit:", math.Signbit(min(negz, 0.0)), "max(-0,0) signbit:", math.Signbit(max(negz, 0.0)))
	var f32nan = float32(nan)
	fmt.Println("float32 nan:", f32nan, f32nan == f32nan)
	fmt.Println("float32 inf:", float32(inf), float32(ninf))
	// NaN in comparisons via variables in a sort-like check
	vals := []float64{3, nan, 1, inf, ninf, negz}
	lt := 0
	for _, a := range vals {
		for _, b := range vals {
			if a < b {
				lt++
			}
		}
	}
	fmt.Println("pairs a<b:", lt)
	if nan == nan {
		panic("FAIL: nan equality")
	}
	if !(negz == 0) {
		panic("FAIL: negative zero equality")
	}
	fmt.Println("bits of -0:", math.Float64bits(negz), "bits of nan != 0:", math.Float64bits(nan) != 0)
	fmt.Println("println of special:", fmt.Sprint(inf, ninf, nan))
	var arr = [2]float64{nan, 1}
	fmt.Println("array with nan == itself:", arr == arr)
	type S struct{ F float64 }
	s := S{nan}
	fmt.Println("struct with nan == itself:", s == s)
	var i1, i2 any = nan, nan
	fmt.Println("interface nan == nan:", i1 == i2)
}
