// Tests range over strings including invalid UTF-8 (U+FFFD, width 1) and rune/byte conversions.
package main

import "fmt"

func main() {
	inputs := []string{"abc", "héllo", "日本語", "a\xffb", "\xe6\x97", "\xc0\xaf", "\xed\xa0\x80x", "🙂!", "\xf4\x90\x80\x80", ""}
	for _, s := range inputs {
		fmt.Printf("%q:", s)
		n := 0
		for i, r := range s {
			fmt.Printf(" [%d %U %d]", i, r, len(string(r)))
			n++
		}
		fmt.Printf(" count=%d\n", n)
	}
	// only index
	cnt := 0
	for i := range "a\x80\x80日" {
		cnt += i
	}
	fmt.Println("sum of indexes:", cnt)
	// []rune conversions
	for _, s := range inputs {
		rs := []rune(s)
		back := string(rs)
		fmt.Printf("%q runes=%d back=%q same=%v\n", s, len(rs), back, back == s)
	}
	// string(rune) of invalid values
	fmt.Printf("%q %q %q %q\n", string(rune(-1)), string(rune(0x10FFFF)), string(rune(0x110000)), string(rune(0xD800)))
	// []byte round trip
	b := []byte("日本")
	fmt.Println("bytes:", b, "len:", len(b))
	b = append(b, "語"...)
	fmt.Println("appended string:", string(b))
	r := []rune{0x65e5, 'x', -5, 0x1F600}
	fmt.Printf("runes->string: %q\n", string(r))
	if len([]rune("a\xffb")) != 3 {
		panic("FAIL: invalid utf8 rune count")
	}
	var last rune
	for _, c := range "\xff" {
		last = c
	}
	if last != 0xFFFD {
		panic("FAIL: U+FFFD expected")
	}
	// rune from byte index
	s := "π=3.14"
	fmt.Println("s[0] byte:", s[0], "rune of first:", []rune(s)[0], string(s[0]))
}
