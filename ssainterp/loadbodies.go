package ssainterp

import (
	"go/ast"
	"go/token"
	"strconv"
)

// Loading without the bodies of functions that never run from SSA.
//
// A standard package that is not built from SSA but declares exported
// generic code is type-checked from source (loadtypes.go), and its
// non-generic bodies would only cost memory and time: they never run.
// So its files are parsed without their function bodies: the package
// keeps its declarations and types, which is all a function of a package
// never built needs. Generic functions keep their bodies (an instance is
// built from SSA when a built package uses it, and the type checker
// refuses a generic function without a body), and so do init functions
// (which must have one: it is emptied) and the files with a dot import.
// An import that only the bodies used is dropped from the parsed file,
// or the type checker would report it unused. Their comments are not
// kept either, and a variable initialized with a composite literal of a
// written type is declared of that type instead (dropLiteral).

// dropLiteral drops the initializer of a package variable declared as
// one composite literal of a named or written type, var X = T{...}, and
// declares it of type T instead: the literal's elements are expressions
// as costly to keep as a body (ssainterp/internal/stdlib's symbol tables
// are thousands of them).
func dropLiteral(vs *ast.ValueSpec) {
	if vs.Type != nil || len(vs.Names) != 1 || len(vs.Values) != 1 {
		return
	}
	lit, ok := vs.Values[0].(*ast.CompositeLit)
	if !ok || lit.Type == nil {
		return
	}
	if at, ok := lit.Type.(*ast.ArrayType); ok {
		if _, ok := at.Len.(*ast.Ellipsis); ok {
			return // [...]T{...}: the length is the literal's
		}
	}
	vs.Type, vs.Values = lit.Type, nil
}

// generic reports whether fd is a generic function or a method of a
// generic type, which the type checker refuses without a body.
func generic(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// dropBodies removes the bodies of f's function declarations (but
// generic ones) and its variables' literal initializers (dropLiteral),
// and then
// the imports no longer used (named by their package names in names;
// an import whose name is unknown, or a blank import, is kept). A file
// with a dot import keeps its bodies.
func dropBodies(f *ast.File, names map[string]string) {
	for _, s := range f.Imports {
		if s.Name != nil && s.Name.Name == "." {
			return // whether the bodies used it cannot be told from the syntax
		}
	}
	for _, vs := range varSpecs(f) {
		dropLiteral(vs)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		switch {
		case !ok || generic(fd):
		case fd.Recv == nil && fd.Name.Name == "init":
			fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace} // an init must have a body
		default:
			fd.Body = nil
		}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	unused := func(spec *ast.ImportSpec) bool {
		path, _ := strconv.Unquote(spec.Path.Value)
		name, ok := names[path]
		if spec.Name != nil {
			name, ok = spec.Name.Name, spec.Name.Name != "_" && spec.Name.Name != "."
		}
		return ok && name != "" && !used[name]
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		specs := gd.Specs[:0]
		for _, s := range gd.Specs {
			if !unused(s.(*ast.ImportSpec)) {
				specs = append(specs, s)
			}
		}
		gd.Specs = specs
	}
	imps := f.Imports[:0]
	for _, s := range f.Imports {
		if !unused(s) {
			imps = append(imps, s)
		}
	}
	f.Imports = imps
}
