// Tests go/parser and go/ast: parse a source file, walk the AST, count node kinds, print declarations.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
)

const src = `package demo

import "fmt"

type Shape interface { Area() float64 }

type Rect struct { W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

func Sum(xs ...int) (total int) {
	for _, x := range xs {
		if x > 0 {
			total += x
		}
	}
	fmt.Println(total)
	return
}

var Default = Rect{W: 2, H: 3}
`

func main() {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "demo.go", src, parser.ParseComments)
	fmt.Println("parse err:", err, "package:", f.Name.Name)
	for _, imp := range f.Imports {
		fmt.Println("import:", imp.Path.Value)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			recv := ""
			if d.Recv != nil {
				recv = fmt.Sprintf("(%s) ", d.Recv.List[0].Type.(*ast.Ident).Name)
			}
			fmt.Printf("func %s%s params=%d at %s\n", recv, d.Name.Name, d.Type.Params.NumFields(), fset.Position(d.Pos()))
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					fmt.Printf("type %s %T\n", sp.Name.Name, sp.Type)
				case *ast.ValueSpec:
					fmt.Printf("%s %s\n", d.Tok, sp.Names[0].Name)
				case *ast.ImportSpec:
					fmt.Println("import spec", sp.Path.Value)
				}
			}
		}
	}
	counts := map[string]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		if n != nil {
			counts[fmt.Sprintf("%T", n)]++
		}
		return true
	})
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-22s %d\n", k, counts[k])
	}
	_, err = parser.ParseFile(fset, "bad.go", "package x\nfunc {", 0)
	fmt.Println("syntax error:", err)
	e, err := parser.ParseExpr("a + b*c - f(1, 2)[i]")
	fmt.Printf("expr %T %v\n", e, err)
	if counts["*ast.FuncDecl"] != 2 {
		panic("FAIL: ast")
	}
}
