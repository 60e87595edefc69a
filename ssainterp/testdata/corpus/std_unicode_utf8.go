// Tests unicode classification/case functions and unicode/utf8 encoding/decoding, plus unicode/utf16.
package main

import (
	"fmt"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

func main() {
	for _, r := range []rune{'a', 'Z', '5', ' ', '\n', 'é', 'Σ', '世', '!', '٣', 'ǅ'} {
		fmt.Printf("%q upper=%v lower=%v letter=%v digit=%v number=%v space=%v punct=%v title=%v toU=%q toL=%q toT=%q\n",
			r, unicode.IsUpper(r), unicode.IsLower(r), unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsNumber(r),
			unicode.IsSpace(r), unicode.IsPunct(r), unicode.IsTitle(r), unicode.ToUpper(r), unicode.ToLower(r), unicode.ToTitle(r))
	}
	fmt.Println(unicode.Is(unicode.Han, '世'), unicode.In('α', unicode.Greek, unicode.Latin), unicode.SimpleFold('A'), unicode.SimpleFold('k'))
	for _, r := range []rune{'a', 'é', '世', 0x1F600, -1, 0x110000, 0xD800} {
		buf := make([]byte, 4)
		n := utf8.EncodeRune(buf, r)
		fmt.Printf("%U len=%d valid=%v enc=% x\n", r, utf8.RuneLen(r), utf8.ValidRune(r), buf[:n])
	}
	s := "héllo, 世界\xff!"
	fmt.Println("bytes:", len(s), "runes:", utf8.RuneCountInString(s), "valid:", utf8.ValidString(s), utf8.ValidString("ok"))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		fmt.Printf("%d:%q/%d ", i, r, size)
		i += size
	}
	fmt.Println()
	r, size := utf8.DecodeLastRuneInString("abc世")
	fmt.Printf("last: %q %d\n", r, size)
	r, size = utf8.DecodeRuneInString("")
	fmt.Printf("empty: %q %d\n", r, size)
	fmt.Println(utf8.FullRune([]byte{0xe4, 0xb8}), utf8.RuneStart(0xb8), utf8.RuneStart('a'))
	b := utf8.AppendRune([]byte("x"), '界')
	fmt.Printf("% x %d\n", b, utf8.RuneCount(b))
	fmt.Println(utf8.RuneError, string(utf8.RuneError), utf8.UTFMax, utf8.MaxRune)
	u16 := utf16.Encode([]rune("a😀b"))
	fmt.Printf("utf16: %x\n", u16)
	fmt.Println("decoded:", string(utf16.Decode(u16)))
	r1, r2 := utf16.EncodeRune(0x1F600)
	fmt.Printf("surrogates %x %x -> %x, is surrogate %v\n", r1, r2, utf16.DecodeRune(r1, r2), utf16.IsSurrogate(r1))
	if utf8.RuneCountInString(s) != 11 {
		panic("FAIL: rune count")
	}
}
