// Tests strconv: Itoa, Atoi errors, ParseInt/ParseUint/ParseFloat/ParseBool, Format*, Quote/Unquote, Append*.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.Itoa(0), strconv.Itoa(-123), strconv.Itoa(1<<40))
	for _, s := range []string{"42", "-7", "+5", "abc", "", "99999999999999999999", "1_000", " 1", "0x10"} {
		n, err := strconv.Atoi(s)
		fmt.Printf("Atoi(%q) = %d, %v\n", s, n, err)
	}
	for _, c := range []struct {
		s    string
		base int
		bits int
	}{{"ff", 16, 64}, {"-80", 16, 8}, {"80", 16, 8}, {"0x1F", 0, 64}, {"0b101", 0, 8}, {"0o17", 0, 16}, {"1_000", 0, 32}, {"777", 8, 64}, {"z", 36, 64}, {"12", 2, 64}} {
		n, err := strconv.ParseInt(c.s, c.base, c.bits)
		fmt.Printf("ParseInt(%q,%d,%d) = %d, %v\n", c.s, c.base, c.bits, n, err)
	}
	u, err := strconv.ParseUint("18446744073709551615", 10, 64)
	fmt.Println(u, err)
	_, err = strconv.ParseUint("-1", 10, 64)
	fmt.Println(err)
	var numErr *strconv.NumError
	if errors.As(err, &numErr) {
		fmt.Println("NumError:", numErr.Func, numErr.Num, numErr.Err, errors.Is(err, strconv.ErrSyntax))
	}
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err, errors.Is(err, strconv.ErrRange))
	for _, s := range []string{"3.14", "1e10", "-0", "inf", "-Inf", "NaN", "0x1p-2", "1e400", "abc", ".5", "1_0.5"} {
		f, err := strconv.ParseFloat(s, 64)
		fmt.Printf("ParseFloat(%q) = %v, %v\n", s, f, err)
	}
	f32, _ := strconv.ParseFloat("0.1", 32)
	fmt.Println("ParseFloat 32:", f32)
	for _, s := range []string{"true", "1", "F", "yes"} {
		b, err := strconv.ParseBool(s)
		fmt.Println(s, b, err)
	}
	fmt.Println(strconv.FormatInt(-255, 16), strconv.FormatInt(255, 2), strconv.FormatUint(35, 36), strconv.FormatBool(false))
	for _, f := range []float64{3.14159, 1e21, 0.000012345, 100} {
		fmt.Println(strconv.FormatFloat(f, 'f', -1, 64), strconv.FormatFloat(f, 'e', 3, 64), strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'f', 2, 32))
	}
	fmt.Println(strconv.Quote("hi\n\"there\"\x00é"), strconv.QuoteToASCII("é☺"), strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('\t'))
	for _, s := range []string{`"a\tb"`, "`raw\\n`", `'x'`, `"bad`, `"\u00e9"`, `noquotes`} {
		u, err := strconv.Unquote(s)
		fmt.Printf("Unquote(%s) = %q, %v\n", s, u, err)
	}
	b := []byte("n=")
	b = strconv.AppendInt(b, -42, 10)
	b = append(b, ' ')
	b = strconv.AppendBool(b, true)
	b = append(b, ' ')
	b = strconv.AppendQuote(b, "q")
	b = append(b, ' ')
	b = strconv.AppendFloat(b, 2.5, 'g', -1, 64)
	fmt.Println(string(b))
	fmt.Println(strconv.IsPrint('a'), strconv.IsPrint('\x01'), strconv.CanBackquote("a`b"))
	if n, _ := strconv.Atoi("42"); n != 42 {
		panic("FAIL: Atoi")
	}
}
