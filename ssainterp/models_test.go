package ssainterp

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// outsideStd are the models of functions outside the standard library,
// which TestModelNames cannot check against it: each is listed here with
// its reason, and a new one must be added consciously.
var outsideStd = map[string]string{
	"github.com/petermattis/goid.Get":       "reads the goroutine id in assembly (under go-deadlock)",
	"golang.org/x/sys/unix.IoctlGetTermios": "a raw ioctl (terminal checks of logrus, isatty)",
	"golang.org/x/sys/unix.IoctlGetWinsize": "a raw ioctl (terminal checks)",
	"golang.org/x/sys/unix.mmap":            "the system call under unix.Mmap (fastcache's chunks)",
	"golang.org/x/sys/unix.munmap":          "the system call under unix.Munmap",
	"golang.org/x/sys/unix.mremap":          "the system call under unix.Mremap, refused",
	"golang.org/x/sys/unix.getsockopt":      "the system call under unix.Getsockopt* (gRPC's channelz), on the network model's sockets",
	"golang.org/x/sys/unix.setsockopt":      "the system call under unix.Setsockopt*",
	"golang.org/x/sys/unix.read":            "the system call under unix.Read, on the network model's sockets inside SyscallConn's Read",
}

// TestModelNames: every name of the model table (and of genericModels and
// nativeReflect) names a function or method of the standard library in
// use, spelt as ssa.Function.String prints it, so that a misspelt or
// renamed function cannot leave its model silently unused. The packages
// are type-checked from source (with the purego tag, as Load does), since
// export data omits the unexported functions that linkname targets are.
// A name may also be a linker symbol a standard package defines by
// //go:linkname (runtime.fastrand is runtime's legacy_fastrand), which
// modelFor finds through the linkname of a bodyless function; and a
// function declared only for other platforms (runtime.walltime is not on
// linux/amd64) is found in the package's files for every platform.
func TestModelNames(t *testing.T) {
	t.Parallel()
	var names []string
	for name := range models {
		names = append(names, name)
	}
	for name := range genericModels {
		names = append(names, name)
	}
	for name := range nativeReflect {
		names = append(names, name)
	}
	slices.Sort(names)
	paths := map[string]bool{}
	var check []string
	for _, name := range names {
		path, _, _, err := splitModelName(name)
		if err != nil {
			t.Error(err)
			continue
		}
		if _, ok := outsideStd[name]; ok {
			continue
		}
		paths[path] = true
		check = append(check, name)
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	slices.Sort(patterns)
	cfg := &packages.Config{
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedSyntax,
		BuildFlags: buildFlags(LoadConfig{}),
	}
	overlay, err := stdOverlay() // the functions the overlays declare for their models
	if err != nil {
		t.Fatal(err)
	}
	cfg.Overlay = overlay
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	dirs := map[string]string{}
	symbols := map[string]bool{} // linker symbols defined by //go:linkname
	for _, p := range pkgs {
		linknameSymbols(p.Syntax, symbols)
		if len(p.GoFiles) > 0 {
			dirs[p.PkgPath] = filepath.Dir(p.GoFiles[0])
		}
		if p.Module != nil {
			t.Errorf("model of %s, which is not a standard package (module %s): list it in outsideStd", p.PkgPath, p.Module.Path)
		}
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		byPath[p.PkgPath] = p.Types
	}
	for _, name := range check {
		if symbols[name] {
			continue
		}
		err := resolveModelName(byPath, name)
		if path, recv, fn, _ := splitModelName(name); err != nil && recv == "" && declaredAnywhere(t, dirs[path], fn) {
			err = nil
		}
		if err != nil {
			t.Errorf("model %q: %v", name, err)
		}
	}
	for _, table := range []map[string]bool{modelledTypes, interpLayout} {
		for name := range table {
			i := strings.LastIndex(name, ".")
			if pkg := byPath[name[:i]]; pkg == nil {
				t.Errorf("type %s: package not loaded (no model names it)", name)
			} else if _, ok := pkg.Scope().Lookup(name[i+1:]).(*types.TypeName); !ok {
				t.Errorf("type %s: no such type", name)
			}
		}
	}
	for name := range outsideStd {
		if _, ok := models[name]; !ok {
			t.Errorf("outsideStd lists %s, which is not modelled", name)
		}
	}
}

// splitModelName splits a model's name into its package path, its
// receiver type's name ("" for a function; with "*" for a pointer
// receiver) and the function or method name.
func splitModelName(name string) (path, recv, fn string, err error) {
	if rest, ok := strings.CutPrefix(name, "("); ok {
		typ, method, ok := strings.Cut(rest, ").")
		if !ok || method == "" {
			return "", "", "", fmt.Errorf("malformed method name %q", name)
		}
		star := ""
		if t, ok := strings.CutPrefix(typ, "*"); ok {
			star, typ = "*", t
		}
		typ, _, _ = strings.Cut(typ, "[") // type parameters
		i := strings.LastIndex(typ, ".")
		if i < 0 || i < strings.LastIndex(typ, "/") {
			return "", "", "", fmt.Errorf("malformed method name %q", name)
		}
		return typ[:i], star + typ[i+1:], method, nil
	}
	i := strings.LastIndex(name, ".")
	if i < 0 || i < strings.LastIndex(name, "/") {
		return "", "", "", fmt.Errorf("malformed function name %q", name)
	}
	return name[:i], "", name[i+1:], nil
}

// resolveModelName checks that name is the SSA name of a function or
// method of the packages byPath.
func resolveModelName(byPath map[string]*types.Package, name string) error {
	path, recv, fn, _ := splitModelName(name)
	pkg := byPath[path]
	if pkg == nil {
		return fmt.Errorf("package %s not found", path)
	}
	if recv == "" {
		if fn == "init" {
			return nil // the package initialiser SSA synthesises
		}
		if _, ok := pkg.Scope().Lookup(fn).(*types.Func); !ok {
			return fmt.Errorf("%s has no function %s", path, fn)
		}
		return nil
	}
	star := strings.HasPrefix(recv, "*")
	tn, ok := pkg.Scope().Lookup(strings.TrimPrefix(recv, "*")).(*types.TypeName)
	if !ok {
		return fmt.Errorf("%s has no type %s", path, strings.TrimPrefix(recv, "*"))
	}
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return fmt.Errorf("%s.%s is not a named type", path, tn.Name())
	}
	var t types.Type = named
	if star {
		t = types.NewPointer(named)
	}
	sel := types.NewMethodSet(t).Lookup(pkg, fn)
	if sel == nil {
		return fmt.Errorf("%s has no method %s", types.TypeString(t, nil), fn)
	}
	// As SSA prints it: a generic receiver with its type parameters.
	rt := types.TypeString(named, nil)
	if tps := named.TypeParams(); tps.Len() > 0 {
		var ps []string
		for i := range tps.Len() {
			ps = append(ps, tps.At(i).Obj().Name())
		}
		rt = named.Obj().Pkg().Path() + "." + named.Obj().Name() + "[" + strings.Join(ps, ", ") + "]"
	}
	if star {
		rt = "*" + rt
	}
	if want := "(" + rt + ")." + fn; want != name {
		return fmt.Errorf("SSA names it %q", want)
	}
	return nil
}

// linknameSymbols adds to symbols the targets of the two-argument
// //go:linkname directives of files whose local function has a body:
// the symbols those files define under another name.
func linknameSymbols(files []*ast.File, symbols map[string]bool) {
	for _, f := range files {
		bodies := map[string]bool{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
				bodies[fd.Name.Name] = true
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if local, target, ok := parseLinkname(c); ok && bodies[local] {
					symbols[target] = true
				}
			}
		}
	}
}

// declaredAnywhere reports whether a non-test file of dir, for any
// platform, declares function fn.
func declaredAnywhere(t *testing.T, dir, fn string) bool {
	if dir == "" {
		return false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == fn {
				return true
			}
		}
	}
	return false
}

// TestReflectModelGapIsUnsupported: a run-time error of the host inside a
// model of package reflect (a case the model does not handle) is an
// mcheck "unsupported" error naming the function, never an internal
// error; the model's own panics (the program's) pass through.
func TestReflectModelGapIsUnsupported(t *testing.T) {
	t.Parallel()
	call := func(mf modelFunc) (r any) {
		defer func() { r = recover() }()
		mf(nil, nil, nil, -1)
		return nil
	}
	gap := guardReflect("(reflect.Value).MapKeys", func(m *Machine, fr *frame, args []value, dst int) *frame {
		var a agg
		_ = a[0] // the host's index out of range
		return fr
	})
	f, ok := call(gap).(*internalFault)
	if want := "unsupported: (reflect.Value).MapKeys: a case the reflect model does not handle (runtime error: index out of range [0] with length 0)"; !ok || f.msg != want {
		t.Errorf("gap: got %#v, want an internal fault %q", call(gap), want)
	}
	own := guardReflect("(reflect.Value).Int", func(m *Machine, fr *frame, args []value, dst int) *frame {
		throwRuntime("index out of range [1] with length 1")
		return fr
	})
	if p, ok := call(own).(*goPanic); !ok || p.err == nil || p.err.msg != "runtime error: index out of range [1] with length 1" {
		t.Errorf("the program's panic: got %#v, want it unchanged", call(own))
	}
}
