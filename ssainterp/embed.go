package ssainterp

import (
	"crypto/sha256"
	"embed"
	"fmt"
	"go/ast"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unsafe"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Variables initialised by //go:embed directives (package embed's
// contract): a string or a []byte holds the one file its patterns
// match, an embed.FS the files and directories they match. The go
// command and the compiler fill them before any package initialisation;
// the interpreter reads the files when it loads the program (embedVars)
// and every Machine starts with them (embedded.value). The patterns are
// resolved as the go command resolves them: relative to the package's
// directory, a directory meaning the files under it except those whose
// names begin with '.' or '_' (all of them with the "all:" prefix), and
// never into another module.

// embedded is the content of one //go:embed variable.
type embedded struct {
	kind  embedKind
	data  string    // embedString, embedBytes
	files []embFile // embedFS, in embed.FS's order (embedLess)
	fs    reflect.Value
}

type embedKind int

const (
	embedString embedKind = iota
	embedBytes
	embedFS
)

type embFile struct{ name, data string } // a directory's name ends in "/"

// preset is the value of a variable that has one before its package's
// initialisation.
type preset interface {
	value(p *Program) value // its initial value in a new Machine
}

// value is the variable's initial value in a new Machine.
func (e *embedded) value(*Program) value {
	switch e.kind {
	case embedString:
		return strVal(e.data)
	case embedBytes:
		b := make([]value, len(e.data))
		for i := range len(e.data) {
			b[i].n = uint64(e.data[i])
		}
		return value{r: b}
	}
	v := reflect.New(e.fs.Type()).Elem()
	v.Set(e.fs)
	return value{r: v}
}

// embedVars returns the //go:embed variables of package lp (built as
// sp) with their contents.
func embedVars(lp *packages.Package, sp *ssa.Package) (map[*ssa.Global]*embedded, error) {
	var out map[*ssa.Global]*embedded
	for _, f := range lp.Syntax {
		for gd, vs := range varSpecs(f) {
			doc := vs.Doc
			if doc == nil && !gd.Lparen.IsValid() {
				doc = gd.Doc
			}
			patterns, err := embedPatterns(doc)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", lp.Fset.Position(vs.Pos()), err)
			}
			if len(patterns) == 0 {
				continue
			}
			if len(vs.Names) != 1 {
				return nil, fmt.Errorf("%s: go:embed cannot apply to multiple vars", lp.Fset.Position(vs.Pos()))
			}
			g, _ := sp.Members[vs.Names[0].Name].(*ssa.Global)
			if g == nil {
				continue // a local variable's directive: a compile error natively
			}
			e, err := embedContent(pkgDir(lp), patterns, deref(g.Type()))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", lp.Fset.Position(vs.Pos()), err)
			}
			if out == nil {
				out = map[*ssa.Global]*embedded{}
			}
			out[g] = e
		}
	}
	return out, nil
}

func pkgDir(lp *packages.Package) string {
	if lp.Dir != "" {
		return lp.Dir
	}
	return filepath.Dir(lp.GoFiles[0])
}

// embedPatterns returns the patterns of the //go:embed lines of doc.
func embedPatterns(doc *ast.CommentGroup) ([]string, error) {
	if doc == nil {
		return nil, nil
	}
	var out []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed")
		if !ok || rest != "" && !unicode.IsSpace(rune(rest[0])) {
			continue
		}
		ps, err := splitPatterns(strings.TrimSpace(rest))
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// splitPatterns splits a //go:embed line into its patterns: separated
// by spaces, each bare or a Go string literal.
func splitPatterns(s string) ([]string, error) {
	var out []string
	for s != "" {
		var p string
		switch s[0] {
		case '"', '`':
			end := strings.IndexByte(s[1:], s[0])
			if s[0] == '"' {
				end = -1
				for i := 1; i < len(s); i++ {
					if s[i] == '\\' {
						i++
					} else if s[i] == '"' {
						end = i - 1
						break
					}
				}
			}
			if end < 0 {
				return nil, fmt.Errorf("invalid quoted string in //go:embed: %s", s)
			}
			q, err := strconv.Unquote(s[:end+2])
			if err != nil {
				return nil, fmt.Errorf("invalid quoted string in //go:embed: %s", s)
			}
			p, s = q, s[end+2:]
		default:
			i := strings.IndexFunc(s, unicode.IsSpace)
			if i < 0 {
				i = len(s)
			}
			p, s = s[:i], s[i:]
		}
		out = append(out, p)
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
	}
	return out, nil
}

// embedContent reads what patterns match in dir for a variable of type t.
func embedContent(dir string, patterns []string, t types.Type) (*embedded, error) {
	var list []string
	have := map[string]bool{}
	for _, p := range patterns {
		files, err := embedMatch(dir, p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if !have[f] {
				have[f] = true
				list = append(list, f)
			}
		}
	}
	read := func(name string) (string, error) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		return string(b), err
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.String {
		if len(list) != 1 {
			return nil, fmt.Errorf("invalid go:embed: multiple files for type string")
		}
		data, err := read(list[0])
		return &embedded{kind: embedString, data: data}, err
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			if len(list) != 1 {
				return nil, fmt.Errorf("invalid go:embed: multiple files for type %s", t)
			}
			data, err := read(list[0])
			return &embedded{kind: embedBytes, data: data}, err
		}
	}
	if n, ok := t.(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "embed" || n.Obj().Name() != "FS" {
		return nil, fmt.Errorf("go:embed cannot apply to var of type %s", t)
	}
	e := &embedded{kind: embedFS}
	for _, f := range list {
		for d := path.Dir(f); d != "." && !have[d+"/"]; d = path.Dir(d) {
			have[d+"/"] = true
			e.files = append(e.files, embFile{name: d + "/"})
		}
		data, err := read(f)
		if err != nil {
			return nil, err
		}
		e.files = append(e.files, embFile{name: f, data: data})
	}
	sort.Slice(e.files, func(i, j int) bool { return embedLess(e.files[i].name, e.files[j].name) })
	e.fs = nativeFS(e.files)
	return e, nil
}

// embedMatch returns the files (slash paths relative to dir) that
// pattern p matches, as the go command resolves it.
func embedMatch(dir, p string) ([]string, error) {
	all := false
	if q, ok := strings.CutPrefix(p, "all:"); ok {
		p, all = q, true
	}
	if !fs.ValidPath(p) || strings.Contains(p, "\\") {
		return nil, fmt.Errorf("invalid pattern syntax: %s", p)
	}
	matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
	if err != nil {
		return nil, fmt.Errorf("invalid pattern syntax: %s", p)
	}
	var files []string
	for _, m := range matches {
		fi, err := os.Lstat(m)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, m)
		switch {
		case fi.Mode().IsRegular():
			files = append(files, filepath.ToSlash(rel))
		case fi.IsDir():
			err := filepath.WalkDir(m, func(q string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				name := d.Name()
				if q != m && !all && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if d.IsDir() {
					if _, err := os.Stat(filepath.Join(q, "go.mod")); err == nil && q != dir {
						return filepath.SkipDir // another module
					}
					return nil
				}
				if d.Type().IsRegular() {
					r, _ := filepath.Rel(dir, q)
					files = append(files, filepath.ToSlash(r))
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("pattern %s: no matching files found", p)
	}
	return files, nil
}

// embedLess is the order of embed.FS's files: by directory, then by
// name within it (the compiler's embedFileLess).
func embedLess(x, y string) bool {
	xd, xe := splitEmbed(x)
	yd, ye := splitEmbed(y)
	return xd < yd || xd == yd && xe < ye
}

func splitEmbed(name string) (dir, elem string) {
	name = strings.TrimSuffix(name, "/")
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return ".", name
	}
	return name[:i], name[i+1:]
}

// nativeFS makes an embed.FS of files, as the compiler lays one out: a
// pointer to a slice of (name, data, hash), set through reflect as the
// fields are unexported.
func nativeFS(files []embFile) reflect.Value {
	var fsys embed.FS
	v := reflect.ValueOf(&fsys).Elem()
	slot := v.Field(0) // files *[]file
	ft := slot.Type().Elem().Elem()
	list := reflect.MakeSlice(reflect.SliceOf(ft), len(files), len(files))
	for i, f := range files {
		e := list.Index(i)
		setField(e.Field(0), reflect.ValueOf(f.name))
		setField(e.Field(1), reflect.ValueOf(f.data))
		if !strings.HasSuffix(f.name, "/") {
			var h [16]byte
			sum := sha256.Sum256([]byte(f.data))
			copy(h[:], sum[:])
			setField(e.Field(2), reflect.ValueOf(h))
		}
	}
	p := reflect.New(list.Type())
	p.Elem().Set(list)
	setField(slot, p)
	return v
}

// setField sets the unexported field f (addressable) to x.
func setField(f, x reflect.Value) {
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(x)
}
