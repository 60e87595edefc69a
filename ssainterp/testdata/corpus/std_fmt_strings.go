// Tests fmt string verbs %s %q %x %X %v with width, precision, padding and special characters.
package main

import "fmt"

func main() {
	strs := []string{"", "hello", "héllo", "tab\there", "quote\"s", "日本語", "\x00\xff", "back\\slash"}
	for _, s := range strs {
		fmt.Printf("|%s|%q|%+q|%#q|%x|% X|%10s|%-10s|%.3s|%5.1s|\n", s, s, s, s, s, s, s, s, s, s)
	}
	fmt.Printf("%s %v\n", []byte("bytes"), []byte("ab"))
	fmt.Printf("%q\n", []byte("q\n"))
	fmt.Printf("%08s|%-08s|\n", "pad", "pad")
	fmt.Printf("%.2q\n", "abcdef")
	fmt.Printf("%v %s\n", 'x', string('x'))
	// deliberately mismatched verbs, kept in variables so vet does not reject them
	sFmt, dFmt, tFmt, uFmt := "%s\n", "%d\n", "%t %v\n", "%U\n"
	fmt.Printf(sFmt, 42)
	fmt.Printf(dFmt, "str")
	fmt.Printf(tFmt, "notbool", true)
	fmt.Printf("%%literal percent %c\n", 'k')
	type Named string
	fmt.Printf("%s %q %v %x\n", Named("nm"), Named("nm"), Named("nm"), Named("nm"))
	fmt.Printf("%*s|%-*s|\n", 7, "w", 7, "w")
	fmt.Printf("%.*s\n", 2, "precision")
	fmt.Printf("%#x %# x\n", "abc", "abc")
	fmt.Printf(uFmt, "not a rune")
	fmt.Printf("%s|%10v|%-10v|\n", []string{"a", "b"}, []string{"a"}, true)
	w := fmt.Sprintf("%6.2f|%6d|%6s", 3.14159, 42, "go")
	fmt.Println(w, len(w))
	if len(w) != 20 {
		panic("FAIL: width")
	}
}
