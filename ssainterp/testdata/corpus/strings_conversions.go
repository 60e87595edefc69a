// Tests string conversions: string(rune), []byte/[]rune copies, string from byte slices, numeric to string pitfalls.
package main

import (
	"fmt"
	"strconv"
)

type MyBytes []byte
type MyString string
type MyRunes []rune

func main() {
	fmt.Println(string(rune(65)), string(rune(0x4e16)), strconv.Itoa(65))
	b := []byte("hello")
	s := string(b)
	b[0] = 'J'
	fmt.Println("string copy independent:", s, string(b))
	s2 := "world"
	b2 := []byte(s2)
	b2[0] = 'W'
	fmt.Println(s2, string(b2))
	mb := MyBytes("named")
	ms := MyString(mb)
	mr := MyRunes(ms)
	fmt.Printf("%v %q %v %T %T\n", mb, ms, mr, ms, mr)
	fmt.Println(string(MyRunes{72, 105}), MyString("x")+"y", len(MyString("日本")))
	bs := []byte{0xe4, 0xb8, 0x96, 'a'}
	fmt.Println(string(bs), len(string(bs)), []rune(string(bs)))
	fmt.Println(string(bs[:2]) + string(bs[2:]))
	var nb []byte
	fmt.Printf("%q %d\n", string(nb), len(string(nb)))
	e := ""
	fmt.Println(len([]byte(e)), []byte(e) == nil, len([]rune(e)))
	// string concatenation builds new strings
	parts := []string{}
	acc := ""
	for i := range 5 {
		acc += strconv.Itoa(i)
		parts = append(parts, acc)
	}
	fmt.Println(parts)
	// comparing byte slices via string conversion
	x, y := []byte("abc"), []byte("abd")
	fmt.Println(string(x) < string(y), string(x) == "abc")
	// map lookup with converted byte slice
	m := map[string]int{"key": 1}
	k := []byte("key")
	fmt.Println(m[string(k)])
	// rune slice modifications
	r := []rune("héllo")
	r[1] = 'e'
	fmt.Println(string(r), len(r))
	// reverse by runes
	rev := func(s string) string {
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs)
	}
	fmt.Println(rev("Hello, 世界"), rev(""), rev("a"))
	// byte arithmetic
	c := byte('a')
	c += 25
	fmt.Println(string(c), c)
	fmt.Println(string("abc"[1]), "abc"[1], fmt.Sprint('b'))
	if rev("abc") != "cba" {
		panic("FAIL: reverse")
	}
}
