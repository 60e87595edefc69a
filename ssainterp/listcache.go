package ssainterp

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"
)

// The import graph of a load (go list) is kept in the user's cache
// directory, so that the next test binary that loads the same patterns
// skips go list: 110-170ms, half of a trivial check's load and a sixth
// of a net/http program's.
//
// The file is named after what the go command is asked (the directory,
// patterns, tests, build flags, the go command's environment and the
// standard library's release), and it records the size and time of every
// file and directory the answer rests on that may change: the go.mod,
// go.sum, go.work and go.work.sum of the directory and each directory
// above it, present or not; those that GOWORK and GOFLAGS' -modfile name;
// the go command's environment file; and each
// package that is neither standard nor in the module cache (a version
// there is never edited): its directory (a file added, removed or
// renamed), its files of every kind, the directories of its embedded
// files, and its module's go.mod. A kept graph is used only if all of
// them are as recorded. As the go command does for its test cache, a
// graph is not kept if one of them changed less than two seconds before
// the listing (listRecent): a file system with coarse times could give
// a later edit the same time. A pattern with "..." is not kept (a new
// package could match it without changing any file recorded).

// listSalt names the format of a kept graph.
const listSalt = "mcheck go list 1"

// listRecent is how old a file must be for a listing that rests on it to
// be kept.
const listRecent = 2 * time.Second

// listing is the import graph of a load.
type listing struct {
	roots, all []*packages.Package
	kept       bool            // from the cache
	file       string          // where it is kept ("": it cannot be)
	start      time.Time       // when go list ran (if it did)
	generics   map[string]bool // exportsGenerics of the standard packages asked, by ID
}

// exportsGenerics is exportsGenerics(lp, overlay), worked out once per
// graph, and kept with it.
func (l *listing) exportsGenerics(lp *packages.Package, overlay map[string][]byte) bool {
	g, ok := l.generics[lp.ID]
	if !ok {
		g = exportsGenerics(lp, overlay)
		l.generics[lp.ID] = g
	}
	return g
}

// keptGraph is a kept import graph.
type keptGraph struct {
	Stamps   []stamp
	Roots    []string // IDs
	Packages []keptPackage
	Generics map[string]bool // listing.generics
}

// stamp is the size and time of a file or directory (Size -1: absent).
// A file of the go command's build cache (a test's generated main
// package) is named after its content: only whether it is there counts
// (Named), for the go command gives such a file a new time when it uses
// it.
type stamp struct {
	Path  string
	Size  int64
	Time  int64 // Unix nanoseconds
	Named bool  `json:",omitempty"`
}

// keptPackage is what a load uses of a listed package.
type keptPackage struct {
	ID, Name, PkgPath, Dir                                                        string
	GoFiles, CompiledGoFiles, OtherFiles, EmbedFiles, EmbedPatterns, IgnoredFiles []string
	Imports                                                                       map[string]string // path -> ID
	Module                                                                        *packages.Module
}

// listCacheFile returns the file that keeps the import graph of patterns
// listed with cfg and flags, or "" if it cannot be kept.
func listCacheFile(cfg LoadConfig, patterns, flags []string) string {
	root, err := cacheDir()
	if err != nil || slices.ContainsFunc(patterns, func(p string) bool { return strings.Contains(p, "...") }) {
		return ""
	}
	version, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "VERSION"))
	if err != nil {
		return "" // a development tree
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%q\n%v\n%q\n%s\n%s\n", listSalt, dir, patterns, cfg.Tests, flags, runtime.GOROOT(), version)
	for _, kv := range goCommandEnv(cfg) {
		fmt.Fprintln(h, kv)
	}
	return filepath.Join(root, fmt.Sprintf("list-%x.json", h.Sum(nil)[:12]))
}

// goCommandEnv returns the variables of the go command's environment that can
// change what it lists or builds, sorted: GO*, CGO_*, and those its
// defaults come from.
func goCommandEnv(cfg LoadConfig) []string {
	env := cfg.Env
	if env == nil {
		env = os.Environ()
	}
	var vars []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "GO"), strings.HasPrefix(name, "CGO_"),
			name == "PATH", name == "HOME", name == "XDG_CONFIG_HOME":
			vars = append(vars, kv)
		}
	}
	slices.Sort(vars)
	return vars
}

// readListCache returns the graph kept in file (without its all), or nil
// if there is none or a file it rests on changed.
func readListCache(file string) *listing {
	if file == "" {
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var g keptGraph
	if json.Unmarshal(data, &g) != nil || len(g.Roots) == 0 {
		return nil
	}
	for _, s := range g.Stamps {
		if stampOf(s.Path, s.Named) != s {
			return nil
		}
	}
	byID := map[string]*packages.Package{}
	for _, kp := range g.Packages {
		byID[kp.ID] = &packages.Package{ID: kp.ID, Name: kp.Name, PkgPath: kp.PkgPath, Dir: kp.Dir,
			GoFiles: kp.GoFiles, CompiledGoFiles: kp.CompiledGoFiles, OtherFiles: kp.OtherFiles,
			EmbedFiles: kp.EmbedFiles, EmbedPatterns: kp.EmbedPatterns, IgnoredFiles: kp.IgnoredFiles,
			Module: kp.Module}
	}
	for _, kp := range g.Packages {
		lp := byID[kp.ID]
		lp.Imports = make(map[string]*packages.Package, len(kp.Imports))
		for path, id := range kp.Imports {
			if lp.Imports[path] = byID[id]; byID[id] == nil {
				return nil
			}
		}
	}
	l := &listing{roots: make([]*packages.Package, len(g.Roots)), kept: true, generics: g.Generics}
	for i, id := range g.Roots {
		if l.roots[i] = byID[id]; l.roots[i] == nil {
			return nil
		}
	}
	if l.generics == nil {
		l.generics = map[string]bool{}
	}
	markUsed(file)
	return l
}

// keep keeps the graph that cfg listed (without errors) in its file,
// unless it was read from there, or a file it rests on changed since
// listRecent before go list ran.
func (l *listing) keep(cfg LoadConfig) {
	if l.kept || l.file == "" {
		return
	}
	g := keptGraph{Stamps: listStamps(cfg, l.all), Generics: l.generics}
	for _, s := range g.Stamps {
		if s.Size >= 0 && time.Unix(0, s.Time).After(l.start.Add(-listRecent)) {
			return
		}
	}
	for _, lp := range l.roots {
		g.Roots = append(g.Roots, lp.ID)
	}
	for _, lp := range l.all {
		kp := keptPackage{ID: lp.ID, Name: lp.Name, PkgPath: lp.PkgPath, Dir: lp.Dir,
			GoFiles: lp.GoFiles, CompiledGoFiles: lp.CompiledGoFiles, OtherFiles: lp.OtherFiles,
			EmbedFiles: lp.EmbedFiles, EmbedPatterns: lp.EmbedPatterns, IgnoredFiles: lp.IgnoredFiles,
			Imports: map[string]string{}, Module: lp.Module}
		for path, imp := range lp.Imports {
			kp.Imports[path] = imp.ID
		}
		g.Packages = append(g.Packages, kp)
	}
	data, err := json.Marshal(g)
	if err != nil {
		return
	}
	writeCacheFile(l.file, data)
}

// listStamps returns the stamps of the files and directories the graph
// all of a load with cfg rests on (see above).
func listStamps(cfg LoadConfig, all []*packages.Package) []stamp {
	var paths []string
	if dir, err := filepath.Abs(cfg.Dir); err == nil {
		for {
			for _, name := range []string{"go.mod", "go.sum", "go.work", "go.work.sum"} {
				paths = append(paths, filepath.Join(dir, name))
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir = up
		}
	}
	if env := goEnvFile(cfg); env != "" {
		paths = append(paths, env)
	}
	paths = append(paths, namedModFiles(cfg)...)
	for _, lp := range all {
		paths = append(paths, changeableFiles(lp)...)
		if m := lp.Module; m != nil && m.GoMod != "" && !inModuleCache(lp) {
			paths = append(paths, m.GoMod, filepath.Join(filepath.Dir(m.GoMod), "go.sum"))
		}
	}
	slices.Sort(paths)
	stamps := make([]stamp, 0, len(paths))
	buildCache := goBuildCache(cfg)
	for _, p := range slices.Compact(paths) {
		stamps = append(stamps, stampOf(p, buildCache != "" && strings.HasPrefix(p, buildCache)))
	}
	return stamps
}

// goBuildCache returns the go command's build cache directory (go env
// GOCACHE) with a trailing separator, or "" if there is none.
func goBuildCache(cfg LoadConfig) string {
	dir := ""
	for _, kv := range goCommandEnv(cfg) {
		if v, ok := strings.CutPrefix(kv, "GOCACHE="); ok {
			dir = v
		}
	}
	if dir == "" {
		root, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(root, "go-build")
	}
	if dir == "off" || !filepath.IsAbs(dir) {
		return ""
	}
	return filepath.Clean(dir) + string(filepath.Separator)
}

// namedModFiles returns the files the go command's environment names in
// place of those found above the directory: GOWORK's workspace file
// (and its go.work.sum), and GOFLAGS' -modfile (and its go.sum
// counterpart).
func namedModFiles(cfg LoadConfig) []string {
	var files []string
	for _, kv := range goCommandEnv(cfg) {
		name, v, _ := strings.Cut(kv, "=")
		switch name {
		case "GOWORK":
			if v != "" && v != "off" {
				files = append(files, v, strings.TrimSuffix(v, ".work")+".work.sum")
			}
		case "GOFLAGS":
			for _, f := range strings.Fields(v) {
				if mod, ok := strings.CutPrefix(strings.TrimLeft(f, "-"), "modfile="); ok {
					files = append(files, mod, strings.TrimSuffix(mod, ".mod")+".sum")
				}
			}
		}
	}
	for i, f := range files {
		if !filepath.IsAbs(f) {
			files[i] = filepath.Join(cfg.Dir, f)
		}
	}
	return files
}

// goEnvFile returns the go command's environment file (go env GOENV), or
// "" if there is none.
func goEnvFile(cfg LoadConfig) string {
	for _, kv := range goCommandEnv(cfg) {
		if v, ok := strings.CutPrefix(kv, "GOENV="); ok {
			if v == "off" {
				return ""
			}
			return v
		}
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "go", "env")
}

// stampOf returns path's stamp now (named: only whether it is there).
func stampOf(path string, named bool) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{Path: path, Size: -1, Named: named}
	}
	if named {
		return stamp{Path: path, Named: true}
	}
	size := fi.Size()
	if fi.IsDir() {
		size = 0 // a directory's size says nothing the time does not
	}
	return stamp{Path: path, Size: size, Time: fi.ModTime().UnixNano()}
}

// changeableFiles returns the files and directories of lp whose edits
// change what the go command lists or builds for it: none for a
// standard package or one in the module cache; otherwise its directory,
// its files of every kind, and the directories of its embedded files.
func changeableFiles(lp *packages.Package) []string {
	if isStd(lp) || inModuleCache(lp) {
		return nil
	}
	files := []string{lp.Dir}
	for _, list := range [][]string{lp.GoFiles, lp.CompiledGoFiles, lp.OtherFiles, lp.IgnoredFiles, lp.EmbedFiles} {
		files = append(files, list...)
	}
	for _, f := range lp.EmbedFiles {
		files = append(files, filepath.Dir(f))
	}
	return files
}

// inModuleCache reports whether lp is a module version in the module
// cache (its directory named path@version), which is never edited; a
// vendored or replaced copy may be.
func inModuleCache(lp *packages.Package) bool {
	m := lp.Module
	if m == nil {
		return false
	}
	if m.Replace != nil {
		m = m.Replace
	}
	return m.Version != "" && strings.Contains(filepath.ToSlash(lp.Dir)+"/", "@"+m.Version+"/")
}

// writeCacheFile writes data to the cache file file whole, then renames it
// into place, so that a concurrent load never reads it half written;
// failing that, the next load does the work again.
func writeCacheFile(file string, data []byte) {
	if os.MkdirAll(filepath.Dir(file), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "tmp-"+strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))+"-")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil && cerr == nil && os.Chmod(tmp.Name(), fs.FileMode(0o644)) == nil && os.Rename(tmp.Name(), file) == nil {
		trimCache(filepath.Dir(file))
		return
	}
	os.Remove(tmp.Name())
}
