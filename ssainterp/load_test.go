package ssainterp

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// TestLoadTags: LoadConfig.Tags selects files by build constraint, and
// purego and noasm are always set, so a package with assembly takes its
// Go fallback whichever tag it names it by.
func TestLoadTags(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), "package main\n\nfunc main() { println(flavour(), hash(), enc()) }\n")
	writeFile(t, filepath.Join(dir, "on.go"), "//go:build special\n\npackage main\n\nfunc flavour() string { return \"special\" }\n")
	writeFile(t, filepath.Join(dir, "off.go"), "//go:build !special\n\npackage main\n\nfunc flavour() string { return \"plain\" }\n")
	// An assembly function declared without a body, and its purego
	// fallback.
	writeFile(t, filepath.Join(dir, "hash_asm.go"), "//go:build !purego\n\npackage main\n\nfunc hash() int\n")
	writeFile(t, filepath.Join(dir, "hash_amd64.s"), "//go:build !purego\n\n#include \"textflag.h\"\n\nTEXT ·hash(SB),NOSPLIT,$0-8\n\tMOVQ $1, ret+0(FP)\n\tRET\n")
	writeFile(t, filepath.Join(dir, "hash_go.go"), "//go:build purego\n\npackage main\n\nfunc hash() int { return 42 }\n")
	// The same under noasm (snappy's spelling).
	writeFile(t, filepath.Join(dir, "enc_asm.go"), "//go:build !noasm\n\npackage main\n\nfunc enc() int\n")
	writeFile(t, filepath.Join(dir, "enc_amd64.s"), "//go:build !noasm\n\n#include \"textflag.h\"\n\nTEXT ·enc(SB),NOSPLIT,$0-8\n\tMOVQ $1, ret+0(FP)\n\tRET\n")
	writeFile(t, filepath.Join(dir, "enc_go.go"), "//go:build noasm\n\npackage main\n\nfunc enc() int { return 7 }\n")
	for _, c := range []struct {
		tags []string
		want string
	}{
		{nil, "plain 42 7\n"},
		{[]string{"special"}, "special 42 7\n"},
		{[]string{"other,special"}, "special 42 7\n"},
	} {
		prog, err := Load(LoadConfig{Dir: dir, Tags: c.tags, Uncached: true}, ".")
		if err != nil {
			t.Fatalf("tags %q: %v", c.tags, err)
		}
		var stderr bytes.Buffer
		res := prog.Run("m", Config{Stderr: &stderr})
		if res.Fault != nil || stderr.String() != c.want {
			t.Errorf("tags %q: fault %v, stderr %q, want %q", c.tags, res.Fault, stderr.String(), c.want)
		}
	}
}

// TestBodylessFunctionIsUnsupported: a function without a Go body and
// without a model (assembly, or a linkname mcheck does not model) is an
// mcheck error naming it and its declaration, not a crash or a program
// panic.
func TestBodylessFunctionIsUnsupported(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), `package main

import _ "unsafe"

//go:linkname getm runtime.getm
func getm() uintptr

func main() {
	defer func() { recover() }()
	println(getm())
}
`)
	prog, err := Load(LoadConfig{Dir: dir, Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res := prog.Run("m", Config{})
	want := "unsupported: m.getm has no Go body (assembly or linkname) at " + filepath.Join(dir, "main.go") + ":6"
	if res.Fault == nil || !strings.Contains(res.Fault.Error(), want) || !strings.Contains(res.Fault.Error(), "main.go:10") {
		t.Fatalf("fault %v, want one containing %q and the call's main.go:10", res.Fault, want)
	}
}

// TestNativeBodiesNotKept: a package that is not built from SSA (a
// bridged standard package) is loaded without its function bodies, but
// for generic ones; the program's own functions and interpreted standard
// packages keep theirs, and the program runs.
func TestNativeBodiesNotKept(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"fmt"
	"strings"
)

func main() { fmt.Println(strings.Repeat("ab", 2)) }
`)
	if err != nil {
		t.Fatal(err)
	}
	body := func(pkg, fn string) bool {
		t.Helper()
		f := prog.packageByPath(pkg).Func(fn)
		if f == nil {
			t.Fatalf("no function %s.%s", pkg, fn)
		}
		decl, ok := f.Syntax().(*ast.FuncDecl)
		return ok && decl.Body != nil
	}
	for _, c := range []struct {
		pkg, fn string
		want    bool
	}{
		{"strings", "Repeat", false},    // bridged
		{"strconv", "Itoa", false},      // bridged, reached only through fmt
		{"strings", "CutPrefix", false}, // bridged
		{"fmt", "Println", true},        // interpreted
		{"m", "main", true},             // the program's
	} {
		if got := body(c.pkg, c.fn); got != c.want {
			t.Errorf("%s.%s has a body: %v, want %v", c.pkg, c.fn, got, c.want)
		}
	}
	var out bytes.Buffer
	if res := prog.Run("m", Config{Stdout: &out}); res.Fault != nil || out.String() != "abab\n" {
		t.Fatalf("fault %v, stdout %q", res.Fault, out.String())
	}
}

// TestEmbedDirectories: //go:embed patterns that name directories embed
// the files under them except names beginning with '.' or '_' (all of
// them with "all:"), a glob matches such names, and embed.FS lists the
// parent directories; the expected output is go run's.
func TestEmbedDirectories(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for name, data := range map[string]string{"a.txt": "a", "_skip.txt": "s", ".hidden": "h", "sub/b.txt": "b", "_u/c.txt": "u"} {
		writeFile(t, filepath.Join(dir, "static", name), data)
	}
	writeFile(t, filepath.Join(dir, "main.go"), `package main

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed static
var plain embed.FS

//go:embed all:static static/sub/b.txt
var all embed.FS

//go:embed static/*.txt
var glob embed.FS

func main() {
	for _, f := range []embed.FS{plain, all, glob} {
		fs.WalkDir(f, ".", func(p string, d fs.DirEntry, err error) error {
			b, _ := f.ReadFile(p)
			fmt.Printf("%s %v %q; ", p, d.IsDir(), b)
			return nil
		})
		fmt.Println()
	}
}
`)
	want := `. true ""; static true ""; static/a.txt false "a"; static/sub true ""; static/sub/b.txt false "b"; 
. true ""; static true ""; static/.hidden false "h"; static/_skip.txt false "s"; static/_u true ""; static/_u/c.txt false "u"; static/a.txt false "a"; static/sub true ""; static/sub/b.txt false "b"; 
. true ""; static true ""; static/_skip.txt false "s"; static/a.txt false "a"; 
`
	prog, err := Load(LoadConfig{Dir: dir, Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	res := prog.Run("m", Config{Stdout: &stdout})
	if res.Fault != nil || stdout.String() != want {
		t.Errorf("fault %v, stdout\n%s\nwant\n%s", res.Fault, stdout.String(), want)
	}
}

// TestTableErrors: a constant table (tables.go) with a constant its type
// cannot represent, or an index out of range, is a load error in the
// type checker's words at the element's position, as if it had not been
// taken out of the syntax.
func TestTableErrors(t *testing.T) {
	elems := strings.Repeat("1, ", 70)
	for _, c := range []struct{ decl, want string }{
		{"var tab = []uint8{" + elems + "300}", "main.go:3:229: cannot use 300 (untyped int constant) as uint8 value in array or slice literal (overflows)"},
		{"var tab = [70]int{" + elems + "5}", "main.go:3:229: index 70 is out of bounds"},
		{"var tab = [...]string{" + elems + "}", "main.go:3:23: cannot use 1 (untyped int constant) as string value in array or slice literal"},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
		writeFile(t, filepath.Join(dir, "main.go"), "package main\n\n"+c.decl+"\n\nfunc main() { println(len(tab)) }\n")
		_, err := Load(LoadConfig{Dir: dir, Uncached: true}, ".")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40s...: got %v, want an error containing %q", c.decl, err, c.want)
		}
	}
}

// TestExportCache: the file that keeps a load's export data files is
// named after what they are built from: it changes when a file of an
// unversioned module (a replaced directory) changes, and a kept list
// whose files are gone is not used.
func TestExportCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	src := filepath.Join(dir, "a.go")
	writeFile(t, src, "package a\n")
	local := &packages.Package{ID: "example.com/a", PkgPath: "example.com/a", Dir: dir, GoFiles: []string{src},
		Module: &packages.Module{Path: "example.com/a", Dir: dir}}
	versioned := &packages.Package{ID: "example.com/b", PkgPath: "example.com/b", Dir: "/nonexistent/example.com/b@v1.2.3",
		Module: &packages.Module{Path: "example.com/b", Version: "v1.2.3"}}
	export := map[*packages.Package]bool{local: true, versioned: true}
	before := exportCacheFile(LoadConfig{}, export)
	if before == "" {
		t.Fatal("no cache file for a load with a versioned and a local module")
	}
	if again := exportCacheFile(LoadConfig{}, export); again != before {
		t.Errorf("the same load: %s, then %s", before, again)
	}
	if other := exportCacheFile(LoadConfig{Env: append(os.Environ(), "GOFLAGS=-mod=mod")}, export); other == before {
		t.Error("another go command environment: the same cache file")
	}
	writeFile(t, src, "package a\n\nvar X int\n")
	if after := exportCacheFile(LoadConfig{}, export); after == before {
		t.Error("a file of the local module changed: the same cache file")
	}
	data := filepath.Join(dir, "a.export")
	writeFile(t, data, "")
	writeExportCache(before, map[string]string{"example.com/a": data})
	if got := readExportCache(before); got["example.com/a"] != data {
		t.Errorf("kept %v, read back %v", data, got)
	}
	if err := os.Remove(data); err != nil {
		t.Fatal(err)
	}
	if got := readExportCache(before); got != nil {
		t.Errorf("a kept file is gone, but the list was read: %v", got)
	}
}

// TestOverlayFile: the standard overlay's file is written once per
// content and found again, and written anew if a file of it is gone.
func TestOverlayFile(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	overlay := map[string][]byte{"/goroot/src/a/a.go": []byte("package a\n"), "/goroot/src/b/b.go": []byte("package b\n")}
	file, err := overlayFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	again, err := overlayFile(overlay)
	if err != nil || again != file {
		t.Fatalf("the same overlay: %s, then %s (%v)", file, again, err)
	}
	var o struct{ Replace map[string]string }
	data, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(data, &o) != nil || len(o.Replace) != 2 {
		t.Fatalf("overlay file %s: %s (%v)", file, data, err)
	}
	if err := os.Remove(o.Replace["/goroot/src/a/a.go"]); err != nil {
		t.Fatal(err)
	}
	if _, err := overlayFile(overlay); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(o.Replace["/goroot/src/a/a.go"]); err != nil || string(got) != "package a\n" {
		t.Errorf("a file of the overlay removed: rewritten as %q (%v)", got, err)
	}
	overlay["/goroot/src/a/a.go"] = []byte("package a // changed\n")
	if other, err := overlayFile(overlay); err != nil || other == file {
		t.Errorf("another overlay: %s, the same as %s (%v)", other, file, err)
	}
}

// TestTrimCache: export lists and overlays no load has used for
// cacheAge go when a load adds to the cache directory, at most once a
// day; those used stay.
func TestTrimCache(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-cacheAge - time.Hour)
	for _, f := range []string{"export-old.json", "export-used.json", "overlay-old/overlay.json", "overlay-old/0-a.go"} {
		writeFile(t, filepath.Join(dir, f), "{}")
		if err := os.Chtimes(filepath.Join(dir, f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	markUsed(filepath.Join(dir, "export-used.json"))
	writeExportCache(filepath.Join(dir, "export-new.json"), map[string]string{})
	for f, want := range map[string]bool{"export-old.json": false, "overlay-old": false, "export-used.json": true, "export-new.json": true} {
		if _, err := os.Stat(filepath.Join(dir, f)); (err == nil) != want {
			t.Errorf("%s: kept %v, want %v", f, err == nil, want)
		}
	}
	// Trimmed less than a day ago: not again.
	writeFile(t, filepath.Join(dir, "export-old2.json"), "{}")
	if err := os.Chtimes(filepath.Join(dir, "export-old2.json"), old, old); err != nil {
		t.Fatal(err)
	}
	writeExportCache(filepath.Join(dir, "export-new2.json"), map[string]string{})
	if _, err := os.Stat(filepath.Join(dir, "export-old2.json")); err != nil {
		t.Errorf("trimmed twice in a day: %v", err)
	}
}

// TestTestifyYAML: testify's YAML packages are interpreted only for a
// program that names YAMLEq, and both programs print what go run does.
func TestTestifyYAML(t *testing.T) {
	for _, c := range []struct {
		dir, want string
		yaml      bool
	}{
		{"testdata/testify/plain", "equal: true\nnot equal: false\nfailures: 1\n", false},
		{"testdata/testify/yamleq", "same: true\ndifferent: false\nfailures: 1\n", true},
	} {
		prog, err := Load(LoadConfig{Dir: c.dir, Uncached: true}, ".")
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"github.com/stretchr/testify/assert/yaml", "go.yaml.in/yaml/v3"} {
			sp := prog.packageByPath(path)
			if sp == nil {
				t.Fatalf("%s: no package %s", c.dir, path)
			}
			if got := prog.interpreted(sp.Pkg); got != c.yaml {
				t.Errorf("%s: %s interpreted %v, want %v", c.dir, path, got, c.yaml)
			}
		}
		var out bytes.Buffer
		res := prog.Run(prog.MainPackages()[0], Config{Stdout: &out})
		if res.Fault != nil || out.String() != c.want {
			t.Errorf("%s: fault %v, output %q, want %q", c.dir, res.Fault, out.String(), c.want)
		}
	}
	// A call that only reflection makes (go run prints true) is an error
	// that says why.
	prog, err := Load(LoadConfig{Dir: "testdata/testify/reflected", Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res := prog.Run(prog.MainPackages()[0], Config{Stdout: io.Discard})
	if want := "unsupported: github.com/stretchr/testify/assert/yaml.Unmarshal is not interpreted: mcheck interprets testify's YAML packages only for a program whose source names YAMLEq"; res.Fault == nil || !strings.Contains(res.Fault.Error(), want) {
		t.Errorf("a call through reflection: fault %v, want %q", res.Fault, want)
	}
}

// TestExportBuild: export data is asked for as the host was built (its
// build information's tags, race detector, cgo and target), not with the
// load's tags; without build information, with the load's flags.
func TestExportBuild(t *testing.T) {
	bi := &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "-buildmode", Value: "exe"}, {Key: "-compiler", Value: "gc"}, {Key: "-race", Value: "true"},
		{Key: "-tags", Value: "a,b"}, {Key: "-trimpath", Value: "false"}, {Key: "-ldflags", Value: "-s"},
		{Key: "CGO_ENABLED", Value: "1"}, {Key: "GOARCH", Value: "amd64"}, {Key: "GOAMD64", Value: "v3"},
		{Key: "vcs.revision", Value: "abc"},
	}}
	cfg := LoadConfig{Env: []string{"HOME=/h", "GOAMD64=v1"}, Tags: []string{"user"}}
	flags, env := exportBuild(cfg, bi)
	if want := []string{"-buildmode=exe", "-race", "-tags=a,b"}; !slices.Equal(flags, want) {
		t.Errorf("flags %q, want %q", flags, want)
	}
	if want := []string{"HOME=/h", "GOAMD64=v1", "CGO_ENABLED=1", "GOARCH=amd64", "GOAMD64=v3"}; !slices.Equal(env, want) {
		t.Errorf("environment %q, want %q", env, want)
	}
	if !slices.Equal(cfg.Env, []string{"HOME=/h", "GOAMD64=v1"}) {
		t.Errorf("the load's environment changed: %q", cfg.Env)
	}
	flags, env = exportBuild(cfg, nil)
	if !slices.Equal(flags, buildFlags(cfg)) || !slices.Equal(env, cfg.Env) {
		t.Errorf("without build information: %q %q, want the load's %q %q", flags, env, buildFlags(cfg), cfg.Env)
	}
}
