package ssainterp

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Where each package's types come from.
//
// A load lists the import graph once (go list: names, files, imports; no
// parsing), then gives each package its types in one of three ways:
//
//   - from source, with every function body: the packages built from
//     SSA (reachable: the program's own, its third-party dependencies,
//     interpretedStd);
//   - from source without the bodies of non-generic functions
//     (loadbodies.go): the standard packages, not built, that declare an
//     exported generic function or a method of an exported generic type
//     with no model (genericModels), and that the built packages reach
//     without crossing the host's internal packages. An instance of a
//     generic function is built from SSA wherever it is used, so its body
//     must be there;
//   - from export data (go list -export, the build cache): every other
//     package. Its functions have no bodies (they are bridged, modelled
//     or the host's), and only its types are needed. (Reading only the
//     packages a package from source imports would leave the others as
//     far as export data mentions them, and the bridge looks types of
//     native values up by name: 0.40s against 0.46s for a trivial check.)
//
// Export data is built without the standard overlay (stdOverlay): the
// overlaid packages are always from source when built, and an overlay
// keeps its package's API, so the export data of the packages above them
// names the same objects. It is built as the host process was (its
// build information: tags, race detector, GOOS, GOARCH, cgo; exportBuild),
// not with the load's tags: the packages read from export data are
// standard packages and the host's own, which are the host's native code,
// so their types are those of the native values the bridge sees, and the
// build that made the host (go test) left their export data in the build
// cache. (With the load's tags, the first load after a change of the
// host's packages compiled them all again: 20s on a cold build cache for
// a check of net/http, after the 63s of building its test binary.)
//
// Packages are given their types in dependency order, each into the
// types.Package made for it up front, so that export data always finds
// a package from source complete and reuses its objects: every
// types.Package of a path is the same object, whichever way it came.

// sourcePackages returns the packages of the graph to type-check from
// source: built, and the standard packages with exported generic code
// that the built ones reach (see above).
func sourcePackages(l *listing, built map[*packages.Package]bool, host *Host, overlay map[string][]byte) map[*packages.Package]bool {
	src := map[*packages.Package]bool{}
	seen := map[*packages.Package]bool{}
	var visit func(lp *packages.Package)
	visit = func(lp *packages.Package) {
		if seen[lp] || host != nil && host.Internal != nil && host.Internal(lp.PkgPath) {
			return
		}
		seen[lp] = true
		if !built[lp] && !(isStd(lp) && l.exportsGenerics(lp, overlay)) {
			return
		}
		src[lp] = true
		for _, imp := range lp.Imports {
			visit(imp)
		}
	}
	for lp := range built {
		visit(lp)
	}
	// Built packages are from source even where the walk above stopped
	// (a host's internal package that the program imports is not built).
	for lp := range built {
		src[lp] = true
	}
	return src
}

// exportsGenerics reports whether the standard package lp declares an
// exported generic function without a model, or a method of an exported
// generic type (found in its files, gofmt-formatted as the standard
// library is: "func Name[", "func (r *Name[").
func exportsGenerics(lp *packages.Package, overlay map[string][]byte) bool {
	for _, path := range lp.GoFiles {
		src, ok := overlay[path]
		if !ok {
			var err error
			if src, err = os.ReadFile(path); err != nil {
				return true // let the type checker say what is wrong
			}
		}
		for rest := src; ; {
			i := bytes.Index(rest, []byte("\nfunc "))
			if i < 0 {
				break
			}
			rest = rest[i+len("\nfunc "):]
			line := rest[:max(bytes.IndexByte(rest, '\n'), 0)]
			if recv, ok := bytes.CutPrefix(line, []byte("(")); ok {
				// A method: its receiver's type, "r *Name[T]" or "Name[T]".
				before, _, generic := bytes.Cut(recv[:max(bytes.IndexByte(recv, ')'), 0)], []byte("["))
				if name := before[bytes.LastIndexAny(before, " *")+1:]; generic && token.IsExported(string(name)) {
					return true
				}
				continue
			}
			name, _, generic := bytes.Cut(line[:max(bytes.IndexByte(line, '('), 0)], []byte("["))
			if full := lp.PkgPath + "." + string(name); generic && token.IsExported(string(name)) && genericModels[full] == nil && models[full] == nil {
				return true
			}
		}
	}
	return false
}

// typesLoader gives the packages of one load their types.
type typesLoader struct {
	fset     *token.FileSet
	overlay  map[string][]byte
	bodiless map[*packages.Package]bool // from source without bodies
	names    map[string]string          // package names by import path (dropBodies)
	sizes    types.Sizes
	exports  map[string]string // export data files by import path
	mu       sync.Mutex        // guards errs and tables
	errs     []string
	tables   map[*packages.Package][]*table // taken out of built packages (tables.go)
	parsed   int64                          // bytes
	longest  atomic.Bool                    // a source names Longest (regexp.go)
}

// modelPackages are the packages whose objects the interpreter's models
// look up by name (fmt's Sprintf for the testing model, io's and
// syscall's variables, reflect's and sync's types, runtime.MemStats):
// their types are read whenever the graph has them.
var modelPackages = map[string]bool{"fmt": true, "io": true, "syscall": true, "runtime": true, "reflect": true, "sync": true, "context": true, "os/signal": true}

// exportPackages returns the packages whose types are read from export
// data: those that a package from source imports, and modelPackages.
// The others (what those import in turn, the x/tools packages behind
// mcheck's own) are not read: they keep what the export data read
// mentions of them, which is every type a signature or a type of the
// packages read names, with its methods. No code of the program can
// name anything else of theirs, and a native value of a type they do
// not have is a type known only natively to the bridge (typesFor), as
// one of a package the program does not import at all.
func exportPackages(all []*packages.Package, src map[*packages.Package]bool) map[*packages.Package]bool {
	export := map[*packages.Package]bool{}
	for _, lp := range all {
		if src[lp] {
			for _, imp := range lp.Imports {
				if !src[imp] && imp.PkgPath != "unsafe" {
					export[imp] = true
				}
			}
		} else if modelPackages[lp.PkgPath] && isStd(lp) {
			export[lp] = true
		}
	}
	return export
}

// loadTypes gives the packages of the graph all (in dependency order,
// packages.Visit's) their Types: those in src from source (with Syntax
// and TypesInfo), exportPackages from export data. The loader it returns
// has the tables taken out of the packages built (tables.go), the errors
// of the packages that do not build, as the parser and the type checker
// word them, and whether a source names Longest (regexp.go).
func loadTypes(cfg LoadConfig, all []*packages.Package, src, built map[*packages.Package]bool, overlay map[string][]byte, times *LoadTimes) (*typesLoader, error) {
	l := &typesLoader{fset: token.NewFileSet(), overlay: overlay, bodiless: map[*packages.Package]bool{}, names: map[string]string{}, tables: map[*packages.Package][]*table{}}
	l.sizes = types.SizesFor("gc", goarch(cfg.Env))
	export := exportPackages(all, src)
	for _, lp := range all {
		lp.Fset = l.fset
		lp.Types = types.NewPackage(lp.PkgPath, lp.Name)
		if lp.PkgPath == "unsafe" {
			lp.Types = types.Unsafe
		}
		for path, imp := range lp.Imports {
			l.names[path] = imp.Name
		}
		if src[lp] && !built[lp] {
			l.bodiless[lp] = true
		}
	}
	// The export data (go list) while the sources are parsed.
	var (
		exportErr error
		wg        sync.WaitGroup
	)
	start := time.Now()
	wg.Go(func() { l.exports, exportErr = exportFiles(cfg, export) })
	syntax := l.parseAll(all, src)
	times.Parse = time.Since(start)
	wg.Wait()
	times.Export = time.Since(start) - times.Parse // the wait for go list -export
	if exportErr != nil {
		return nil, exportErr
	}
	// Each package once its imports are done, on as many goroutines as
	// there are CPUs; export data one package at a time (a reader may
	// add to a package it finds incomplete, as go/packages allows).
	start = time.Now()
	done := map[*packages.Package]chan struct{}{}
	for _, lp := range all {
		done[lp] = make(chan struct{})
	}
	var reading sync.Mutex
	cpus := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, lp := range all {
		wg.Go(func() {
			defer close(done[lp])
			for _, imp := range lp.Imports {
				<-done[imp]
			}
			cpus <- struct{}{}
			defer func() { <-cpus }()
			switch {
			case lp.PkgPath == "unsafe":
			case src[lp]:
				l.check(lp, syntax[lp])
			case export[lp]:
				reading.Lock()
				l.read(lp)
				reading.Unlock()
			}
		})
	}
	wg.Wait()
	times.TypeCheck = time.Since(start)
	times.Built, times.Bodiless, times.FromExport, times.ParsedBytes = len(src)-len(l.bodiless), len(l.bodiless), len(export), l.parsed
	return l, nil
}

// goarch is the GOARCH of a load's environment.
func goarch(env []string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], "GOARCH="); ok && v != "" {
			return v
		}
	}
	if v := os.Getenv("GOARCH"); env == nil && v != "" {
		return v
	}
	return runtime.GOARCH
}

// exportFiles returns the export data files of the packages export, by
// import path: go list -export, with the load's build flags and without
// the standard overlay (see above).
func exportFiles(cfg LoadConfig, export map[*packages.Package]bool) (files map[string]string, err error) {
	files = map[string]string{}
	if len(export) == 0 {
		return files, nil
	}
	cached := exportCacheFile(cfg, export)
	if cached != "" {
		if files := readExportCache(cached); files != nil {
			return files, nil
		}
	}
	var paths []string
	for lp := range export {
		paths = append(paths, lp.PkgPath)
	}
	flags, env := exportBuild(cfg, hostBuild)
	pcfg := &packages.Config{Mode: packages.NeedName | packages.NeedExportFile, Dir: cfg.Dir, Env: env, BuildFlags: flags}
	lps, err := packages.Load(pcfg, paths...)
	if err != nil {
		return nil, err
	}
	if cached != "" {
		defer func() { writeExportCache(cached, files) }()
	}
	var errs []string
	for _, lp := range lps {
		files[lp.PkgPath] = lp.ExportFile
		for _, e := range lp.Errors {
			errs = append(errs, e.Error())
		}
	}
	if len(errs) > 0 {
		files = nil
		return nil, &LoadError{Errors: errs}
	}
	return files, nil
}

// hostBuild is the host process's build information (nil without).
var hostBuild = func() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}()

// exportBuild returns the go command's build flags and environment for
// the export data of a load with cfg: cfg's environment with the
// settings of the host's build bi (see above), or, without bi, the
// load's flags.
func exportBuild(cfg LoadConfig, bi *debug.BuildInfo) (flags, env []string) {
	env = cfg.Env
	if bi == nil {
		return buildFlags(cfg), env
	}
	if env == nil {
		env = os.Environ()
	}
	env = slices.Clone(env)
	for _, s := range bi.Settings {
		switch k, v := s.Key, s.Value; {
		case k == "-tags" || k == "-gcflags" || k == "-asmflags" || k == "-buildmode" || k == "-pgo":
			flags = append(flags, k+"="+v)
		case (k == "-race" || k == "-msan" || k == "-asan" || k == "-trimpath") && v == "true":
			flags = append(flags, k)
		case strings.HasPrefix(k, "GO") || strings.HasPrefix(k, "CGO_"):
			env = append(env, k+"="+v) // the last of a name wins
		}
	}
	return flags, env
}

// The export data files of a load are kept in the user's cache
// directory, under a hash of what they are built from, so that the next
// load of the same program skips go list -export (it hashes the sources
// of every package below them to find them in the build cache: a fifth
// of the load of a net/http program). What they are built from is the
// standard library (its GOROOT and the VERSION there: a release is not
// edited), the modules of the packages and of all they import (by
// version, or, for a module without one, such as a replaced directory,
// the size and time of each of its packages' files and the time of
// their directories), the load's build flags and the go command's
// environment. A kept list is used only if every file in it is still
// there (the build cache trims files it has not used for days).

// exportCacheFile returns the file that keeps the export data files of
// export, or "" if they cannot be kept.
func exportCacheFile(cfg LoadConfig, export map[*packages.Package]bool) string {
	root, err := cacheDir()
	if err != nil {
		return ""
	}
	h := sha256.New()
	flags, env := exportBuild(cfg, hostBuild)
	fmt.Fprintln(h, strings.Join(flags, " "))
	for _, kv := range goCommandEnv(LoadConfig{Env: env}) {
		fmt.Fprintln(h, kv)
	}
	seen := map[*packages.Package]bool{}
	var order []*packages.Package
	var visit func(lp *packages.Package)
	visit = func(lp *packages.Package) {
		if !seen[lp] {
			seen[lp] = true
			order = append(order, lp)
			for _, imp := range lp.Imports {
				visit(imp)
			}
		}
	}
	for lp := range export {
		visit(lp)
	}
	slices.SortFunc(order, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	goroots := map[string]bool{}
	for _, lp := range order {
		fmt.Fprintf(h, "%s %s %v\n", lp.ID, lp.PkgPath, export[lp])
		switch m := lp.Module; {
		case isStd(lp):
			goroots[strings.TrimSuffix(lp.Dir, lp.PkgPath)] = true
		case inModuleCache(lp) && m.Replace == nil:
			fmt.Fprintf(h, "%s@%s\n", m.Path, m.Version)
		case inModuleCache(lp):
			fmt.Fprintf(h, "%s@%s\n", m.Replace.Path, m.Replace.Version)
		default: // sources that may change: their files' sizes and times
			for _, path := range changeableFiles(lp) {
				s := stampOf(path, false)
				if s.Size < 0 {
					return ""
				}
				fmt.Fprintf(h, "%s %d %d\n", path, s.Size, s.Time)
			}
		}
	}
	for goroot := range goroots {
		version, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Clean(goroot)), "VERSION"))
		if err != nil {
			return "" // a development tree
		}
		fmt.Fprintf(h, "%s\n%s\n", goroot, version)
	}
	return filepath.Join(root, fmt.Sprintf("export-%x.json", h.Sum(nil)[:12]))
}

// readExportCache returns the export data files kept in file, or nil if
// there are none or one of them is gone.
func readExportCache(file string) map[string]string {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var files map[string]string
	if json.Unmarshal(data, &files) != nil {
		return nil
	}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return nil
		}
	}
	markUsed(file)
	return files
}

// writeExportCache keeps files in file (writeCacheFile); failing that,
// the next load lists them again.
func writeExportCache(file string, files map[string]string) {
	if files == nil {
		return
	}
	if data, err := json.Marshal(files); err == nil {
		writeCacheFile(file, data)
	}
}

// parseAll parses the files of the packages in src, in parallel; those
// of a package not built without their bodies (dropBodies).
func (l *typesLoader) parseAll(all []*packages.Package, src map[*packages.Package]bool) map[*packages.Package][]*ast.File {
	type job struct {
		lp *packages.Package
		i  int
	}
	syntax := map[*packages.Package][]*ast.File{}
	var jobs []job
	for _, lp := range all {
		if src[lp] && lp.PkgPath != "unsafe" {
			syntax[lp] = make([]*ast.File, len(lp.GoFiles))
			for i := range lp.GoFiles {
				jobs = append(jobs, job{lp, i})
			}
		}
	}
	// Each job writes its own element of a slice made above: the map is
	// only read.
	inOrder(len(jobs), func(k int) {
		j := jobs[k]
		f, err := l.parse(j.lp, j.lp.GoFiles[j.i])
		syntax[j.lp][j.i] = f
		if err != nil {
			l.fail(parseErrors(err)...)
		}
	})
	return syntax
}

// parse parses one file of lp (from the overlay if it has it).
func (l *typesLoader) parse(lp *packages.Package, path string) (*ast.File, error) {
	src, ok := l.overlay[path]
	if !ok {
		var err error
		if src, err = os.ReadFile(path); err != nil {
			return nil, err
		}
	}
	atomic.AddInt64(&l.parsed, int64(len(src)))
	if namesLongest(src) {
		l.longest.Store(true)
	}
	if !l.bodiless[lp] {
		// No object resolution (go/types and go/ssa do not use it).
		// Comments for linkname and embed directives, and for the doc
		// comments of the program's own packages (envgen's contracts):
		// a standard file without a directive is parsed without them.
		mode := parser.AllErrors | parser.SkipObjectResolution
		if !isStd(lp) || bytes.Contains(src, []byte("//go:linkname")) || bytes.Contains(src, []byte("//go:embed")) {
			mode |= parser.ParseComments
		}
		f, err := parser.ParseFile(l.fset, path, src, mode)
		if f != nil {
			if tables := liftTables(f); len(tables) > 0 {
				l.mu.Lock()
				l.tables[lp] = append(l.tables[lp], tables...)
				l.mu.Unlock()
			}
		}
		return f, err
	}
	// No comments (no linkname directive of a package not built is
	// read; a //go:build line's Go version is kept without them) and
	// no object resolution (go/types does not use it).
	f, err := parser.ParseFile(l.fset, path, src, parser.AllErrors|parser.SkipObjectResolution)
	if f != nil {
		dropBodies(f, l.names)
	}
	return f, err
}

// parseErrors words a parse error as go/packages does, "file:line:col: msg".
func parseErrors(err error) []string {
	var list scanner.ErrorList
	if errors.As(err, &list) {
		var out []string
		for _, e := range list {
			out = append(out, e.Pos.String()+": "+e.Msg)
		}
		return out
	}
	return []string{err.Error()}
}

// check type-checks lp from its files into lp.Types.
func (l *typesLoader) check(lp *packages.Package, files []*ast.File) {
	for _, f := range files {
		if f != nil {
			lp.Syntax = append(lp.Syntax, f)
		}
	}
	lp.TypesInfo = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	lp.TypesSizes = l.sizes
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if imp := lp.Imports[path]; imp != nil {
				return imp.Types, nil
			}
			return nil, fmt.Errorf("no metadata for %s", path)
		}),
		Sizes: l.sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				l.fail(te.Fset.Position(te.Pos).String() + ": " + te.Msg)
				return
			}
			l.fail(err.Error())
		},
	}
	if lp.Module != nil && lp.Module.GoVersion != "" {
		tc.GoVersion = "go" + lp.Module.GoVersion
	}
	if types.NewChecker(tc, l.fset, lp.Types, lp.TypesInfo).Files(lp.Syntax) != nil {
		return
	}
	l.mu.Lock()
	tables := l.tables[lp]
	l.mu.Unlock()
	for _, tb := range tables {
		if err := tb.evaluate(l.fset, lp.Types, lp.TypesInfo, l.sizes); err != nil {
			tc.Error(err)
		}
	}
}

// read reads lp's types from its export data, in a view of the packages
// it depends on (made up front, complete where they came from source,
// filled in as far as the export data read so far mentions them).
func (l *typesLoader) read(lp *packages.Package) {
	file := l.exports[lp.PkgPath]
	if file == "" {
		l.fail(fmt.Sprintf("-: no export data for %s", lp.PkgPath))
		return
	}
	f, err := os.Open(file)
	if err != nil {
		l.fail(err.Error())
		return
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		l.fail(fmt.Sprintf("-: reading %s: %v", file, err))
		return
	}
	view := map[string]*types.Package{}
	var visit func(imps map[string]*packages.Package)
	visit = func(imps map[string]*packages.Package) {
		for _, imp := range imps {
			if _, seen := view[imp.PkgPath]; !seen {
				view[imp.PkgPath] = imp.Types
				visit(imp.Imports)
			}
		}
	}
	visit(lp.Imports)
	// The package itself is made by Read: nothing read before it (its
	// dependencies) can have mentioned it.
	pkg, err := gcexportdata.Read(r, l.fset, view, lp.PkgPath)
	if err != nil {
		l.fail(fmt.Sprintf("-: reading %s: %v", file, err))
		return
	}
	lp.Types = pkg
}

// fail records errors of the load.
func (l *typesLoader) fail(msgs ...string) {
	l.mu.Lock()
	l.errs = append(l.errs, msgs...)
	l.mu.Unlock()
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
