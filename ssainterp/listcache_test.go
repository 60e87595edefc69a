package ssainterp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// TestListCache: a load's import graph is kept and used again while the
// files it rests on are as they were, and listed again when a file is
// edited, added or removed, or go.mod changes; a graph that rests on a
// file changed just before the listing, or a pattern with "...", is not
// kept.
func TestListCache(t *testing.T) {
	overlay, dir := listCacheModule(t)
	writeFile(t, filepath.Join(dir, "a.go"), "package main\n\nimport \"m/b\"\n\nfunc main() { b.F() }\n")
	writeFile(t, filepath.Join(dir, "b", "b.go"), "package b\n\nfunc F() {}\n")
	back := 0
	age := func() { // every file and directory of the module, to a time past listRecent (another each time)
		back++
		old := time.Now().Add(-time.Duration(back) * time.Hour)
		filepath.Walk(dir, func(path string, _ os.FileInfo, err error) error {
			if err == nil {
				err = os.Chtimes(path, old, old)
			}
			return err
		})
	}
	cfg := LoadConfig{Dir: dir}
	list := func() string {
		t.Helper()
		l, err := listPackages(cfg, []string{"."}, overlay)
		if err != nil {
			t.Fatal(err)
		}
		l.keep(cfg)
		return graphOf(l.roots, l.all)
	}
	kept := func() string {
		file, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "mcheck", "list-*.json"))
		if len(file) != 1 {
			return fmt.Sprintf("%d files", len(file))
		}
		l := readListCache(file[0])
		if l == nil {
			return "not used"
		}
		var all []*packages.Package
		packages.Visit(l.roots, nil, func(p *packages.Package) { all = append(all, p) })
		return graphOf(l.roots, all)
	}

	// Files written just now: listed, not kept.
	first := list()
	if got := kept(); got != "0 files" {
		t.Fatalf("a graph of files changed just now was kept: %s", got)
	}
	age()
	if again := list(); again != first {
		t.Fatalf("listed again:\n%s\nthen\n%s", first, again)
	}
	if got := kept(); got != first {
		t.Fatalf("kept:\n%s\nwant\n%s", got, first)
	}
	if again := list(); again != first {
		t.Fatalf("from the kept graph:\n%s\nwant\n%s", again, first)
	}

	for _, edit := range []struct {
		what, want string
		do         func()
	}{
		{"an import added", "m/c", func() {
			writeFile(t, filepath.Join(dir, "b", "b.go"), "package b\n\nimport \"m/c\"\n\nfunc F() { c.G() }\n")
			writeFile(t, filepath.Join(dir, "c", "c.go"), "package c\n\nfunc G() {}\n")
		}},
		{"a file added", "b2.go", func() {
			writeFile(t, filepath.Join(dir, "b", "b2.go"), "package b\n")
		}},
		{"a file removed", "!b2.go", func() {
			if err := os.Remove(filepath.Join(dir, "b", "b2.go")); err != nil {
				t.Fatal(err)
			}
		}},
		{"a build constraint", "ignored:c.go", func() {
			writeFile(t, filepath.Join(dir, "c", "c.go"), "//go:build never\n\npackage c\n")
			writeFile(t, filepath.Join(dir, "c", "g.go"), "package c\n\nfunc G() {}\n")
		}},
		{"go.mod", "go1.25", func() {
			writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.25\n")
		}},
	} {
		before := kept()
		edit.do()
		if got := kept(); got != "not used" {
			t.Fatalf("%s: the kept graph was used:\n%s", edit.what, got)
		}
		age()
		after := list()
		want, absent := strings.CutPrefix(edit.want, "!")
		if strings.Contains(after, want) == absent || after == before {
			t.Fatalf("%s: listed\n%s\nafter\n%s", edit.what, after, before)
		}
		if got := kept(); got != after {
			t.Fatalf("%s: kept\n%s\nwant\n%s", edit.what, got, after)
		}
	}

	// A go.work created in the directory or above it would change the
	// answer: their absence is recorded.
	stamps := listStamps(cfg, nil)
	for _, f := range []string{filepath.Join(dir, "go.work"), filepath.Join(filepath.Dir(dir), "go.work"), filepath.Join(filepath.Dir(dir), "go.mod")} {
		if !slices.Contains(stamps, stamp{Path: f, Size: -1}) {
			t.Errorf("the absence of %s is not recorded", f)
		}
	}
	if f := listCacheFile(cfg, []string{"./..."}, nil); f != "" {
		t.Errorf(`a pattern with "..." is kept in %s`, f)
	}
}

// graphOf is what a load uses of the graph roots, all, as text.
func graphOf(roots, all []*packages.Package) string {
	var b strings.Builder
	for _, lp := range roots {
		fmt.Fprintf(&b, "root %s\n", lp.ID)
	}
	for _, lp := range all {
		mod := ""
		if lp.Module != nil {
			mod = lp.Module.Path + " " + lp.Module.Version + " go" + lp.Module.GoVersion + " " + lp.Module.GoMod
		}
		var files []string
		for _, f := range slices.Concat(lp.GoFiles, lp.CompiledGoFiles, lp.OtherFiles, lp.EmbedFiles) {
			files = append(files, filepath.Base(f))
		}
		for _, f := range lp.IgnoredFiles {
			files = append(files, "ignored:"+filepath.Base(f))
		}
		fmt.Fprintf(&b, "%s %s %s %s [%s] %s imports", lp.ID, lp.Name, lp.PkgPath, lp.Dir, mod, files)
		for _, path := range slices.Sorted(func(yield func(string) bool) {
			for p := range lp.Imports {
				if !yield(p) {
					return
				}
			}
		}) {
			fmt.Fprintf(&b, " %s=%s", path, lp.Imports[path].ID)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestChangeableFiles: a package in the module cache (path@version) is
// never edited; a vendored or replaced copy, or a module without a
// version, may be.
func TestChangeableFiles(t *testing.T) {
	for _, c := range []struct {
		dir     string
		mod     packages.Module
		changes bool
	}{
		{"/home/u/go/pkg/mod/example.com/x@v1.2.3/sub", packages.Module{Path: "example.com/x", Version: "v1.2.3"}, false},
		{"/home/u/go/pkg/mod/example.com/x@v1.2.3", packages.Module{Path: "example.com/x", Version: "v1.2.3"}, false},
		{"/home/u/go/pkg/mod/example.com/y@v0.1.0", packages.Module{Path: "example.com/x", Version: "v1.2.3", Replace: &packages.Module{Path: "example.com/y", Version: "v0.1.0"}}, false},
		{"/work/m/vendor/example.com/x/sub", packages.Module{Path: "example.com/x", Version: "v1.2.3"}, true},
		{"/work/x", packages.Module{Path: "example.com/x", Version: "v1.2.3", Replace: &packages.Module{Path: "../x"}}, true},
		{"/work/m", packages.Module{Path: "m", Main: true}, true},
	} {
		lp := &packages.Package{Dir: c.dir, GoFiles: []string{filepath.Join(c.dir, "a.go")}, Module: &c.mod}
		if got := changeableFiles(lp) != nil; got != c.changes {
			t.Errorf("%s: may change %v, want %v", c.dir, got, c.changes)
		}
	}
}

// TestListCacheTests: the graph of a package with its tests is kept
// although it rests on the test main package the go command generates
// in its build cache, which it gives a new time as it uses it.
func TestListCacheTests(t *testing.T) {
	overlay, dir := listCacheModule(t)
	writeFile(t, filepath.Join(dir, "a.go"), "package a\n\nfunc F() int { return 1 }\n")
	writeFile(t, filepath.Join(dir, "a_test.go"), "package a\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n")
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{dir, filepath.Join(dir, "go.mod"), filepath.Join(dir, "a.go"), filepath.Join(dir, "a_test.go")} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	cfg := LoadConfig{Dir: dir, Tests: true}
	var graphs []string
	for range 2 {
		l, err := listPackages(cfg, []string{"."}, overlay)
		if err != nil {
			t.Fatal(err)
		}
		l.keep(cfg)
		graphs = append(graphs, fmt.Sprintf("kept %v\n%s", l.kept, graphOf(l.roots, l.all)))
	}
	if !strings.Contains(graphs[0], "m.test ") {
		t.Fatalf("no test main package:\n%s", graphs[0])
	}
	if want := strings.Replace(graphs[0], "kept false", "kept true", 1); graphs[1] != want {
		t.Errorf("listed\n%s\nthen\n%s", graphs[0], graphs[1])
	}
}

// listCacheModule gives the test a cache directory of its own, and returns
// the standard overlay and the directory of a new module m.
func listCacheModule(t *testing.T) (map[string][]byte, string) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	overlay, err := stdOverlay()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	return overlay, dir
}

// TestNamedModFiles: a workspace file named by GOWORK and a module file
// named by GOFLAGS' -modfile, with their checksum files, are files a
// kept graph rests on.
func TestNamedModFiles(t *testing.T) {
	cfg := LoadConfig{Dir: "/d", Env: []string{"GOWORK=/w/go.work", "GOFLAGS=-mod=mod --modfile=alt.mod", "HOME=/h"}}
	want := []string{"/d/alt.mod", "/d/alt.sum", "/w/go.work", "/w/go.work.sum"}
	if got := namedModFiles(cfg); !slices.Equal(got, want) {
		t.Errorf("named files %q, want %q", got, want)
	}
	stamps := listStamps(cfg, nil)
	for _, f := range want {
		if !slices.Contains(stamps, stamp{Path: f, Size: -1}) {
			t.Errorf("%s is not among the stamps", f)
		}
	}
	if got := namedModFiles(LoadConfig{Dir: "/d", Env: []string{"GOWORK=off", "GOFLAGS=-mod=mod"}}); len(got) != 0 {
		t.Errorf("GOWORK=off and no -modfile: named %q", got)
	}
}
