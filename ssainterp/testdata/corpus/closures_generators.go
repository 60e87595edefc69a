// Tests closure-based generators, state machines, memoization and middleware chains.
package main

import (
	"fmt"
	"strings"
)

func fibGen() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func tokenizer(s string) func() (string, bool) {
	pos := 0
	return func() (string, bool) {
		for pos < len(s) && s[pos] == ' ' {
			pos++
		}
		if pos >= len(s) {
			return "", false
		}
		start := pos
		if strings.ContainsRune("+-*/()", rune(s[pos])) {
			pos++
			return s[start:pos], true
		}
		for pos < len(s) && !strings.ContainsRune(" +-*/()", rune(s[pos])) {
			pos++
		}
		return s[start:pos], true
	}
}

type Handler func(string) string
type Middleware func(Handler) Handler

func chain(h Handler, ms ...Middleware) Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

func tag(name string) Middleware {
	return func(next Handler) Handler {
		return func(s string) string { return "<" + name + ">" + next(s) + "</" + name + ">" }
	}
}

func main() {
	g := fibGen()
	for range 12 {
		fmt.Print(g(), " ")
	}
	fmt.Println()
	g2 := fibGen()
	fmt.Println("independent generator:", g2(), g2(), g2())
	next := tokenizer("12 + foo*(bar - 3)/x")
	for {
		t, ok := next()
		if !ok {
			break
		}
		fmt.Printf("[%s]", t)
	}
	fmt.Println()
	state := "idle"
	transitions := map[string]func(rune) string{
		"idle":    func(r rune) string { return map[bool]string{true: "running", false: "idle"}[r == 's'] },
		"running": func(r rune) string { return map[rune]string{'p': "paused", 'x': "stopped"}[r] },
		"paused":  func(r rune) string { return map[bool]string{true: "running", false: "paused"}[r == 'r'] },
	}
	for _, in := range "sprprx" {
		ns := transitions[state](in)
		if ns == "" {
			ns = state
		}
		fmt.Printf("%s --%c--> %s\n", state, in, ns)
		state = ns
		if state == "stopped" {
			break
		}
	}
	h := chain(strings.ToUpper, tag("b"), tag("i"))
	fmt.Println(h("hello"))
	calls := 0
	memo := map[int]int{}
	var ways func(int) int
	ways = func(n int) int {
		calls++
		if n <= 1 {
			return 1
		}
		if v, ok := memo[n]; ok {
			return v
		}
		v := ways(n-1) + ways(n-2)
		memo[n] = v
		return v
	}
	fmt.Println("stairs(60):", ways(60), "calls:", calls)
	if state != "stopped" {
		panic("FAIL: state machine")
	}
}
