// Tests strconv quoting/unquoting round trips over tricky strings, QuotedPrefix, UnquoteChar, and %q agreement.
package main

import (
	"fmt"
	"strconv"
)

func main() {
	inputs := []string{"", "plain", "tab\tnew\nline", `back\slash "dq" 'sq'`, "nul\x00bell\a", "é日本🙂", "\xff\xfe invalid", "\u2028\u00ad", "`backtick`"}
	for _, s := range inputs {
		q := strconv.Quote(s)
		qa := strconv.QuoteToASCII(s)
		qg := strconv.QuoteToGraphic(s)
		u1, e1 := strconv.Unquote(q)
		u2, e2 := strconv.Unquote(qa)
		fmt.Printf("%s | %s | %s | rt=%v,%v same-as-%%q=%v\n", q, qa, qg, u1 == s && e1 == nil, u2 == s && e2 == nil, q == fmt.Sprintf("%q", s))
		if strconv.CanBackquote(s) {
			u3, _ := strconv.Unquote("`" + s + "`")
			fmt.Println("   backquotable:", u3 == s)
		}
	}
	p, err := strconv.QuotedPrefix(`"hello\" world" rest`)
	fmt.Println(p, err)
	_, err = strconv.QuotedPrefix(`no quote`)
	fmt.Println(err)
	s := `\u00e9\x41\101\n rest`
	for len(s) > 0 && s[0] == '\\' {
		v, mb, tail, err := strconv.UnquoteChar(s, '"')
		fmt.Printf("%q multibyte=%v err=%v\n", v, mb, err)
		s = tail
	}
	fmt.Printf("tail %q\n", s)
	for _, r := range []rune{'a', '\'', '"', '\\', 0x7f, 0x10FFFF, 0xFFFD, '\u200b'} {
		fmt.Print(strconv.QuoteRune(r), " ", strconv.QuoteRuneToASCII(r), " ", strconv.QuoteRuneToGraphic(r), "; ")
	}
	fmt.Println()
	for _, bad := range []string{`"\q"`, `'ab'`, `"unterminated`, "`a\nb`", `"\400"`} {
		u, err := strconv.Unquote(bad)
		fmt.Printf("Unquote(%s) = %q %v\n", bad, u, err)
	}
}
