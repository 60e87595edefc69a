// Tests math/big: Int factorial/power/mod/gcd, Rat arithmetic, Float with precision, string conversion.
package main

import (
	"fmt"
	"math/big"
)

func main() {
	f := big.NewInt(1)
	for i := int64(1); i <= 30; i++ {
		f.Mul(f, big.NewInt(i))
	}
	fmt.Println("30! =", f)
	p := new(big.Int).Exp(big.NewInt(2), big.NewInt(200), nil)
	fmt.Println("2^200 =", p, "bits:", p.BitLen())
	m := new(big.Int).Exp(big.NewInt(3), big.NewInt(1000), big.NewInt(1000000007))
	fmt.Println("3^1000 mod 1e9+7 =", m)
	a, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	b, _ := new(big.Int).SetString("-987654321098765432109876543210", 10)
	fmt.Println(new(big.Int).Add(a, b), new(big.Int).Sub(a, b), new(big.Int).Mul(a, b))
	q, r := new(big.Int).QuoRem(b, a, new(big.Int))
	fmt.Println("quorem:", q, r)
	d, mm := new(big.Int).DivMod(b, a, new(big.Int))
	fmt.Println("divmod:", d, mm)
	fmt.Println("gcd:", new(big.Int).GCD(nil, nil, big.NewInt(1071), big.NewInt(462)))
	fmt.Println("cmp:", a.Cmp(b), b.Sign(), a.Text(16), a.Text(36))
	fmt.Printf("%x %d %s %v\n", big.NewInt(255), big.NewInt(-5), big.NewInt(42), p.ProbablyPrime(10))
	fmt.Println("prime 2^61-1:", new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1)).ProbablyPrime(20))
	fmt.Println("sqrt:", new(big.Int).Sqrt(p))
	_, ok := new(big.Int).SetString("12x", 10)
	fmt.Println("bad parse ok:", ok)
	x := big.NewRat(1, 3)
	y := big.NewRat(1, 6)
	fmt.Println("rat:", new(big.Rat).Add(x, y), new(big.Rat).Mul(x, y), new(big.Rat).Quo(x, y), x.FloatString(5))
	sum := new(big.Rat)
	for i := int64(1); i <= 10; i++ {
		sum.Add(sum, big.NewRat(1, i))
	}
	fmt.Println("harmonic 10:", sum, sum.FloatString(10))
	bf := new(big.Float).SetPrec(200)
	bf.SetInt64(2)
	bf.Sqrt(bf)
	fmt.Println("sqrt2:", bf.Text('f', 50))
	pi := new(big.Float).SetPrec(100).Quo(big.NewFloat(355), big.NewFloat(113))
	fmt.Printf("%.30f\n", pi)
	fl, acc := big.NewFloat(1.5).Int64()
	fmt.Println(fl, acc)
	fib := [2]*big.Int{big.NewInt(0), big.NewInt(1)}
	for range 150 {
		fib[0].Add(fib[0], fib[1])
		fib[0], fib[1] = fib[1], fib[0]
	}
	fmt.Println("fib(150):", fib[0])
	if f.String() != "265252859812191058636308480000000" {
		panic("FAIL: factorial")
	}
}
