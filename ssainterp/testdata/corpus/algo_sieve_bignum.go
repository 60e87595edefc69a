// Tests integer-heavy algorithms: prime sieve, manual bignum factorial in []int digits, modular exponentiation.
package main

import (
	"fmt"
	"strings"
)

func sieve(n int) []int {
	composite := make([]bool, n+1)
	var primes []int
	for i := 2; i <= n; i++ {
		if !composite[i] {
			primes = append(primes, i)
			for j := i * i; j <= n; j += i {
				composite[j] = true
			}
		}
	}
	return primes
}

func factorialDigits(n int) string {
	digits := []int{1} // little-endian base 10
	for k := 2; k <= n; k++ {
		carry := 0
		for i := range digits {
			v := digits[i]*k + carry
			digits[i] = v % 10
			carry = v / 10
		}
		for carry > 0 {
			digits = append(digits, carry%10)
			carry /= 10
		}
	}
	var sb strings.Builder
	for i := len(digits) - 1; i >= 0; i-- {
		sb.WriteByte(byte('0' + digits[i]))
	}
	return sb.String()
}

func powmod(b, e, m uint64) uint64 {
	r := uint64(1)
	b %= m
	for e > 0 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
		e >>= 1
	}
	return r
}

func collatzMax(limit int) (int, int) {
	best, bestN := 0, 0
	cache := make([]int, limit)
	for n := 1; n < limit; n++ {
		steps, x := 0, n
		for x != 1 && (x >= limit || cache[x] == 0) {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			steps++
		}
		if x < limit {
			steps += cache[x]
		}
		cache[n] = steps
		if steps > best {
			best, bestN = steps, n
		}
	}
	return bestN, best
}

func main() {
	p := sieve(10000)
	fmt.Println("primes <= 10000:", len(p), "last:", p[len(p)-5:])
	fmt.Println("first 20:", p[:20])
	twins := 0
	for i := 1; i < len(p); i++ {
		if p[i]-p[i-1] == 2 {
			twins++
		}
	}
	fmt.Println("twin pairs:", twins)
	f := factorialDigits(50)
	fmt.Println("50! =", f, "digits:", len(f))
	fmt.Println("100! digits:", len(factorialDigits(100)))
	fmt.Println("powmod:", powmod(2, 1000, 1000000007), powmod(3, 200, 13), powmod(7, 0, 5))
	n, steps := collatzMax(10000)
	fmt.Println("collatz longest under 10000:", n, steps)
	if len(p) != 1229 || f != "30414093201713378043612608166064768844377641568960512000000000000" {
		panic("FAIL: sieve/factorial")
	}
}
