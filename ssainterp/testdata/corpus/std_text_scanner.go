// Tests text/scanner tokenizing Go-like source with positions, and go/scanner on a snippet.
package main

import (
	"fmt"
	"go/scanner"
	"go/token"
	"strings"
	ts "text/scanner"
)

func main() {
	src := `x := 3.14 + foo("str", 'c') // comment
if y >= 0x1F { return }`
	var s ts.Scanner
	s.Init(strings.NewReader(src))
	s.Filename = "example"
	for tok := s.Scan(); tok != ts.EOF; tok = s.Scan() {
		fmt.Printf("%s\t%-8s %q\n", s.Position, ts.TokenString(tok), s.TokenText())
	}
	var gs scanner.Scanner
	fset := token.NewFileSet()
	src2 := src + " @"
	file := fset.AddFile("snippet.go", fset.Base(), len(src2))
	var errs []string
	gs.Init(file, []byte(src2), func(pos token.Position, msg string) {
		errs = append(errs, fmt.Sprint(pos, ": ", msg))
	}, scanner.ScanComments)
	for {
		pos, tok, lit := gs.Scan()
		if tok == token.EOF {
			break
		}
		fmt.Printf("%-14s %-8s %q\n", fset.Position(pos), tok, lit)
	}
	fmt.Println("errors:", errs)
	fmt.Println(token.ADD.Precedence(), token.MUL.Precedence(), token.LAND.String(), token.Lookup("func"), token.IsKeyword("go"))
}
