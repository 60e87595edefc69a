// Command gen writes zsymbols.go, the table of standard-library symbols
// that the SSA interpreter can call natively through reflection.
//
// Run it with "go generate" from the stdlib package directory (see
// ../gen.go), or directly:
//
//	cd ssainterp/internal/stdlib && go run ./gen
//
// The exported API of each package in [packages] is read from the Go source
// in GOROOT with the "source" importer of go/importer, once for every
// platform in [platforms]. Only symbols that exist, with the same kind, on
// every platform are emitted, so the generated file builds everywhere; the
// symbols dropped that way are printed to standard error.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/build"
	"go/format"
	"go/importer"
	"go/token"
	"go/types"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// packages lists the standard-library packages whose symbols are exported to
// interpreted code. Keep it sorted. container/* are deliberately absent: the
// interpreter runs them from source. Packages that cannot be imported are
// skipped with a warning.
var packages = []string{
	"archive/tar",
	"archive/zip",
	"bufio",
	"bytes",
	"compress/bzip2",
	"compress/flate",
	"compress/gzip",
	"compress/lzw",
	"compress/zlib",
	"crypto/aes",
	"crypto/cipher",
	"crypto/hmac",
	"crypto/md5",
	"crypto/rand",
	"crypto/sha1",
	"crypto/sha256",
	"crypto/sha3",
	"crypto/sha512",
	"crypto/subtle",
	"embed",
	"encoding/ascii85",
	"encoding/base32",
	"encoding/base64",
	"encoding/binary",
	"encoding/csv",
	"encoding/gob",
	"encoding/hex",
	"encoding/json",
	"encoding/pem",
	"encoding/xml",
	"errors",
	"fmt",
	"go/ast",
	"go/format",
	"go/parser",
	"go/printer",
	"go/scanner",
	"go/token",
	"hash",
	"hash/adler32",
	"hash/crc32",
	"hash/crc64",
	"hash/fnv",
	"hash/maphash",
	"html",
	"html/template",
	"image",
	"image/color",
	"image/draw",
	"image/gif",
	"image/jpeg",
	"image/png",
	"index/suffixarray",
	"io",
	"io/fs",
	"io/ioutil",
	"log",
	"log/slog",
	"math",
	"math/big",
	"math/bits",
	"math/cmplx",
	"math/rand",
	"math/rand/v2",
	"mime",
	"mime/quotedprintable",
	"net/netip",
	"net/url",
	"os",
	"path",
	"path/filepath",
	"reflect",
	"regexp",
	"regexp/syntax",
	"runtime",
	"sort",
	"strconv",
	"strings",
	"sync",
	"sync/atomic",
	"testing",
	"testing/fstest",
	"text/scanner",
	"text/tabwriter",
	"text/template",
	"text/template/parse",
	"time",
	"unicode",
	"unicode/utf16",
	"unicode/utf8",
	"unique",
}

// platforms are the GOOS/GOARCH pairs whose exported APIs are intersected.
// The first one is the reference platform: a package that cannot be loaded
// there is skipped entirely.
var platforms = [][2]string{
	{"linux", "amd64"},
	{"linux", "arm64"},
	{"darwin", "amd64"},
	{"darwin", "arm64"},
	{"windows", "amd64"},
}

type kind int

const (
	kFunc kind = iota
	kVar
	kType
)

func (k kind) String() string {
	return [...]string{"func", "var", "type"}[k]
}

// symbols maps "importpath.Name" to the kind of the symbol.
type symbols map[string]kind

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	out := flag.String("o", "zsymbols.go", "output file; its directory must contain gen.go")
	flag.Parse()

	if _, err := os.Stat(filepath.Join(filepath.Dir(*out), "gen.go")); err != nil {
		log.Fatalf("%s is not in the stdlib package directory (no gen.go next to it); run via go generate", *out)
	}

	var (
		pkgs    []string // packages loaded on the reference platform
		common  symbols
		skipped []string // human-readable notes
	)
	for i, p := range platforms {
		syms, ok, notes := load(p[0], p[1])
		if i == 0 {
			skipped = append(skipped, notes...)
			common = syms
			for _, path := range packages {
				if ok[path] {
					pkgs = append(pkgs, path)
				}
			}
			continue
		}
		for key, k := range common {
			if k2, found := syms[key]; !found || k2 != k {
				delete(common, key)
				skipped = append(skipped, fmt.Sprintf("%s %s: not available on %s/%s", k, key, p[0], p[1]))
			}
		}
	}
	sort.Strings(skipped)
	for _, s := range skipped {
		fmt.Fprintln(os.Stderr, "gen: skipped", s)
	}

	// A package whose every exported symbol is generic (unique) has nothing
	// to offer natively; leave it out of Packages as well.
	has := make(map[string]bool)
	for key := range common {
		has[key[:strings.LastIndex(key, ".")]] = true
	}
	kept := pkgs[:0]
	for _, p := range pkgs {
		if has[p] {
			kept = append(kept, p)
		} else {
			fmt.Fprintf(os.Stderr, "gen: skipped package %s: no non-generic exported funcs, vars or types\n", p)
		}
	}
	pkgs = kept

	src, err := render(pkgs, common)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o666); err != nil {
		log.Fatal(err)
	}
	var n [3]int
	for _, k := range common {
		n[k]++
	}
	fmt.Fprintf(os.Stderr, "gen: wrote %s: %d packages, %d funcs, %d vars, %d types\n",
		*out, len(pkgs), n[kFunc], n[kVar], n[kType])
}

// load type-checks every package of the list for goos/goarch and returns the
// eligible exported symbols, the set of packages that loaded, and notes on
// what was skipped and why.
func load(goos, goarch string) (symbols, map[string]bool, []string) {
	// The source importer reads build.Default; configure it for the target.
	build.Default.GOOS = goos
	build.Default.GOARCH = goarch
	build.Default.CgoEnabled = false

	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	syms := make(symbols)
	ok := make(map[string]bool)
	var notes []string
	for _, path := range packages {
		pkg, err := imp.Import(path)
		if err != nil {
			notes = append(notes, fmt.Sprintf("package %s: cannot load on %s/%s: %v", path, goos, goarch, err))
			continue
		}
		ok[path] = true
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			if !token.IsExported(name) {
				continue
			}
			key := path + "." + name
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				if obj.Type().(*types.Signature).TypeParams().Len() > 0 {
					notes = append(notes, fmt.Sprintf("func %s: generic", key))
					continue
				}
				syms[key] = kFunc
			case *types.Var:
				syms[key] = kVar
			case *types.TypeName:
				if isGeneric(obj) {
					notes = append(notes, fmt.Sprintf("type %s: generic", key))
					continue
				}
				syms[key] = kType
			case *types.Const:
				// Constants are folded by SSA; nothing to do at run time.
			}
		}
	}
	if goos != platforms[0][0] || goarch != platforms[0][1] {
		notes = nil // only the reference platform's notes are reported
	}
	return syms, ok, notes
}

// isGeneric reports whether a type name denotes a generic type or a generic
// alias, which cannot be used without instantiation.
func isGeneric(obj *types.TypeName) bool {
	switch t := obj.Type().(type) {
	case *types.Alias:
		return t.TypeParams().Len() > 0
	case *types.Named:
		// An instantiated type (reachable through an alias when aliases
		// are not materialized) has type arguments and is usable.
		return t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0
	}
	return false
}

// alias returns the identifier under which an import path is imported.
func alias(path string) string {
	return strings.NewReplacer("/", "_", ".", "_", "-", "_").Replace(path)
}

func render(pkgs []string, syms symbols) ([]byte, error) {
	keys := make([]string, 0, len(syms))
	for k := range syms {
		keys = append(keys, k)
	}
	sort.Strings(keys)

	// split separates "a/b.Name" into "a/b" and "Name".
	split := func(key string) (string, string) {
		i := strings.LastIndex(key, ".")
		return key[:i], key[i+1:]
	}

	var b bytes.Buffer
	b.WriteString("// Code generated by gen; DO NOT EDIT.\n\n")
	b.WriteString("package stdlib\n\nimport (\n")
	imports := append([]string(nil), pkgs...)
	hasReflect := false
	for _, p := range imports {
		if p == "reflect" {
			hasReflect = true
		}
	}
	if !hasReflect {
		imports = append(imports, "reflect")
		sort.Strings(imports)
	}
	for _, p := range imports {
		if a := alias(p); a != p {
			fmt.Fprintf(&b, "\t%s %q\n", a, p)
		} else {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
	}
	b.WriteString(")\n\n")

	b.WriteString("// Packages lists the import paths covered by Funcs, Vars and Types, sorted.\n")
	b.WriteString("var Packages = []string{\n")
	for _, p := range pkgs {
		fmt.Fprintf(&b, "\t%q,\n", p)
	}
	b.WriteString("}\n\n")

	sections := []struct {
		k            kind
		doc, decl, f string
	}{
		{kFunc, "// Funcs maps \"importpath.Name\" to every exported, non-generic package-level\n// function of Packages.",
			"var Funcs = map[string]reflect.Value{", "reflect.ValueOf(%s)"},
		{kVar, "// Vars maps \"importpath.Name\" to a pointer to every exported package-level\n// variable of Packages.",
			"var Vars = map[string]reflect.Value{", "reflect.ValueOf(&%s)"},
		{kType, "// Types maps \"importpath.Name\" to every exported, non-generic named type\n// (or alias) of Packages.",
			"var Types = map[string]reflect.Type{", "reflect.TypeFor[%s]()"},
	}
	for _, s := range sections {
		fmt.Fprintf(&b, "%s\n%s\n", s.doc, s.decl)
		for _, k := range keys {
			if syms[k] != s.k {
				continue
			}
			p, name := split(k)
			fmt.Fprintf(&b, "\t%q: "+s.f+",\n", k, alias(p)+"."+name)
		}
		b.WriteString("}\n\n")
	}

	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated code: %v", err)
	}
	return src, nil
}
