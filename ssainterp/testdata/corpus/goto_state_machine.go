// Tests goto-based control flow: a hand-written lexer state machine and retry loops with goto.
package main

import "fmt"

func lex(s string) []string {
	var toks []string
	i := 0
	start := 0
start:
	if i >= len(s) {
		goto done
	}
	start = i
	switch c := s[i]; {
	case c == ' ':
		i++
		goto start
	case c >= '0' && c <= '9':
		goto number
	case c >= 'a' && c <= 'z':
		goto ident
	default:
		i++
		toks = append(toks, "op:"+s[start:i])
		goto start
	}
number:
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	toks = append(toks, "num:"+s[start:i])
	goto start
ident:
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	toks = append(toks, "id:"+s[start:i])
	goto start
done:
	return toks
}

func retry(failures int) (attempts int) {
again:
	attempts++
	if attempts <= failures {
		goto again
	}
	return
}

func main() {
	fmt.Println(lex("x1 = 42+ foo*7"))
	fmt.Println(lex(""))
	fmt.Println(lex("abc123def"))
	for _, f := range []int{0, 1, 5} {
		fmt.Println("failures", f, "attempts", retry(f))
	}
	n := 0
	i := 0
loop:
	if i < 10 {
		if i%2 == 0 {
			i++
			goto loop
		}
		n += i
		i++
		goto loop
	}
	fmt.Println("sum of odds < 10:", n)
	if n != 25 {
		panic("FAIL: goto")
	}
}
