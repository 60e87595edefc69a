package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestEveryOptionIsRead: mcheck test reads every option package mcheck
// has (mcheck.Values is read by the interpreter itself), by the name of
// its function.
func TestEveryOptionIsRead(t *testing.T) {
	t.Parallel()
	f, err := parser.ParseFile(token.NewFileSet(), "../../mcheck.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
			continue
		}
		id, ok := fd.Type.Results.List[0].Type.(*ast.Ident)
		if !ok || id.Name != "Option" && id.Name != "ComponentOption" || fd.Name.Name == "Values" {
			continue
		}
		n++
		var c Config
		if err := readOption(&c, TestOption{Name: fd.Name.Name, Args: map[string]any{}}); err != nil {
			t.Error(err)
		}
	}
	if n < 21 {
		t.Errorf("found %d options in mcheck.go", n)
	}
}
