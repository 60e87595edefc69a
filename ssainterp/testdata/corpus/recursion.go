// Tests recursion: fib, ackermann, mutual recursion, deep recursion, recursive data structures.
package main

import "fmt"

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func ack(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ack(m-1, 1)
	default:
		return ack(m-1, ack(m, n-1))
	}
}

func isEven(n int) bool {
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool {
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func depth(n int) int {
	if n == 0 {
		return 0
	}
	var pad [16]int
	pad[n%16] = n
	return depth(n-1) + 1 + pad[n%16] - n
}

func hanoi(n int, from, to, via string, moves *int, log *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves, log)
	*moves++
	if len(*log) < 5 {
		*log = append(*log, from+"->"+to)
	}
	hanoi(n-1, via, to, from, moves, log)
}

func permutations(s []rune, k int, out *[]string) {
	if k == len(s) {
		*out = append(*out, string(s))
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permutations(s, k+1, out)
		s[k], s[i] = s[i], s[k]
	}
}

type Expr interface{ Eval() int }
type Num int
type Add struct{ L, R Expr }
type Mul struct{ L, R Expr }

func (n Num) Eval() int { return int(n) }
func (a Add) Eval() int { return a.L.Eval() + a.R.Eval() }
func (m Mul) Eval() int { return m.L.Eval() * m.R.Eval() }

func gcd(a, b int) int {
	if b == 0 {
		return a
	}
	return gcd(b, a%b)
}

func main() {
	for i := range 15 {
		fmt.Print(fib(i), " ")
	}
	fmt.Println()
	fmt.Println("fib(22):", fib(22))
	for m := range 3 {
		for n := range 4 {
			fmt.Printf("ack(%d,%d)=%d ", m, n, ack(m, n))
		}
		fmt.Println()
	}
	fmt.Println("ack(2,3):", ack(2, 3), "ack(3,3):", ack(3, 3))
	fmt.Println("even/odd:", isEven(10), isOdd(7), isEven(7))
	fmt.Println("deep recursion:", depth(10000))
	moves := 0
	var log []string
	hanoi(10, "A", "C", "B", &moves, &log)
	fmt.Println("hanoi moves:", moves, log)
	var perms []string
	permutations([]rune("abc"), 0, &perms)
	fmt.Println(perms)
	e := Add{Num(2), Mul{Num(3), Add{Num(4), Num(5)}}}
	fmt.Println("expr:", e.Eval())
	fmt.Println("gcd:", gcd(1071, 462), gcd(17, 5))
	if fib(22) != 17711 || ack(3, 3) != 61 || moves != 1023 {
		panic("FAIL: recursion")
	}
}
