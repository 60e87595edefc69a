package ssainterp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/packages"
)

// Loading without the bodies of functions that never run from SSA.
//
// A program is loaded from source, every package of it (the standard
// overlay, stdOverlay, makes export data unusable), but only the packages
// that run from SSA (reachable: the program's own, its third-party
// dependencies, interpretedStd) are built. The others, bridged standard
// packages and the host's internal packages (a test that calls mcheck.Run
// imports mcheck's check layer, the interpreter, golang.org/x/tools,
// go/types, ...), were type-checked with all their function bodies, and
// the bodies' syntax and type information stayed in memory with the
// program: most of a test program's memory (measured, live heap after
// Load: examples/diningphil's tests 310 MB, 136 MB without those bodies,
// 91 MB without their comments and literal initializers too;
// sched/testdata 129 MB, 68 MB, 57 MB) and much of its load time.
//
// So load first lists the import graph (names and files only: go list,
// no parsing), and parses the files of the packages that are not built
// without their function bodies: those packages keep their declarations
// and types, which is all a function of a package never built needs.
// Generic functions keep their bodies (an instance is built from SSA when
// a built package uses it, and the type checker refuses a generic
// function without a body), and so do init functions (which must have
// one: it is emptied) and the files with a dot import. An import that only
// the bodies used is dropped from the parsed file, or the type checker
// would report it unused. Their comments are not kept either, and a
// variable initialized with a composite literal of a written type is
// declared of that type instead (dropLiteral).

// bodilessFiles returns the files of the packages matching patterns that
// are not built from SSA (see reachable), to be parsed without function
// bodies, and the names of the packages imported (by import path).
func bodilessFiles(cfg LoadConfig, patterns []string) (files map[string]bool, names map[string]string, err error) {
	pcfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps,
		Dir: cfg.Dir, Tests: cfg.Tests, Env: cfg.Env, BuildFlags: buildFlags(cfg)}
	roots, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	built := reachable(roots, cfg.Host)
	kept := map[string]bool{} // a file of a built package (a test variant shares its package's)
	for lp := range built {
		for _, f := range lp.GoFiles {
			kept[f] = true
		}
	}
	files, names = map[string]bool{}, map[string]string{}
	packages.Visit(roots, nil, func(lp *packages.Package) {
		for path, imp := range lp.Imports {
			names[path] = imp.Name
		}
		if built[lp] {
			return
		}
		for _, f := range lp.GoFiles {
			if !kept[f] {
				files[f] = true
			}
		}
	})
	return files, names, nil
}

// parseFunc returns the ParseFile function of a load: go/packages' own
// (all errors, comments, object resolution), but for the files in
// bodiless, parsed without comments and function bodies (dropBodies).
func parseFunc(bodiless map[string]bool, names map[string]string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	return func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		if !bodiless[filename] {
			return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		}
		// No comments (no linkname directive of a package not built is
		// read; a //go:build line's Go version is kept without them) and
		// no object resolution (go/types does not use it).
		f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.SkipObjectResolution)
		if f != nil {
			dropBodies(f, names)
		}
		return f, err
	}
}

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
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, s := range gd.Specs {
				dropLiteral(s.(*ast.ValueSpec))
			}
		}
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
