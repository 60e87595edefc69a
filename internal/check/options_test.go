package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// mcheckOptions returns package mcheck's option functions (mcheck.go)
// but Values (and the unexported into, mcheck.Check's own), each with its parameters' names and types.
func mcheckOptions(t *testing.T) map[string][]optionParam {
	f, err := parser.ParseFile(token.NewFileSet(), "../../mcheck.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]paramKind{"uint64": pUint64, "int": pInt, "time.Duration": pDuration, "string": pString,
		"StrategyName": pString, "EnvironmentKind": pString, "RestartStrategy": pString, "...string": pStrings}
	out := map[string][]optionParam{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
			continue
		}
		id, ok := fd.Type.Results.List[0].Type.(*ast.Ident)
		if !ok || id.Name != "Option" && id.Name != "ComponentOption" || fd.Name.Name == "Values" || !ast.IsExported(fd.Name.Name) {
			continue
		}
		var params []optionParam
		for _, fld := range fd.Type.Params.List {
			ts := typeString(fld.Type)
			k, ok := kinds[ts]
			if !ok {
				t.Fatalf("mcheck.%s: a parameter of type %s: give the option table a kind for it", fd.Name.Name, ts)
			}
			for _, n := range fld.Names {
				params = append(params, optionParam{n.Name, k})
			}
		}
		out[fd.Name.Name] = params
	}
	return out
}

// typeString spells a parameter's type expression.
func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	case *ast.Ellipsis:
		return "..." + typeString(e.Elt)
	}
	return "?"
}

// TestOptionTableMatchesMcheck: the option table has every option
// package mcheck has, with its parameters' names and kinds in order, so
// that mcheck test reads every option, and a parameter renamed in
// package mcheck fails here instead of being read as zero.
func TestOptionTableMatchesMcheck(t *testing.T) {
	t.Parallel()
	opts := mcheckOptions(t)
	if len(opts) < 21 {
		t.Errorf("found %d options in mcheck.go", len(opts))
	}
	for name, params := range opts {
		i := slices.IndexFunc(optionTable, func(d optionDef) bool { return d.name == name })
		if i < 0 {
			t.Errorf("mcheck.%s is not in the option table", name)
			continue
		}
		if !slices.Equal(optionTable[i].params, params) {
			t.Errorf("mcheck.%s: the table reads %v, the function has %v", name, optionTable[i].params, params)
		}
	}
}

// TestEveryOptionIsRead: mcheck test reads every option package mcheck
// has, given its parameters under their names; without one, the option
// is refused, not read as zero.
func TestEveryOptionIsRead(t *testing.T) {
	t.Parallel()
	sample := map[paramKind]any{pUint64: uint64(1), pInt: int64(1), pDuration: int64(1), pString: "x", pStrings: []string{"x"}}
	for name, params := range mcheckOptions(t) {
		args := map[string]any{}
		for _, p := range params {
			args[p.name] = sample[p.kind]
		}
		var c Config
		if err := readOption(&c, TestOption{Name: name, Args: args}); err != nil {
			t.Error(err)
		}
		if len(params) > 0 {
			delete(args, params[0].name)
			if err := readOption(&c, TestOption{Name: name, Args: args}); err == nil {
				t.Errorf("mcheck.%s without its parameter %s: read", name, params[0].name)
			}
		}
	}
}
