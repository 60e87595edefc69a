package ssainterp

import (
	"bytes"
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/mcheck-dev/mcheck/internal/gcpace"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Program is a loaded, SSA-built program ready to run. It is immutable
// once loaded, apart from caches guarded by locks, and may be shared by
// many Machines.
type Program struct {
	ssa   *ssa.Program
	fset  *token.FileSet
	short sync.Map            // shortPos's strings, by token.Pos
	pkgs  []*packages.Package // the roots

	godebugOnce sync.Once
	godebugs    map[string]string // GODEBUG's defaults for the roots' module (godebug)
	byPth       map[string]*ssa.Package

	interp map[*types.Package]bool

	types typeTable

	fmu   sync.Mutex
	funcs map[*ssa.Function]*function

	ioErrOnce sync.Once
	ioErrs    []ioErrorGlobal // ioErrorGlobals

	regexpLongest bool     // a source names Longest: no Regexp is shared (regexp.go)
	regexps       sync.Map // regexpKey -> value: the shared Regexps
	regexpCount   atomic.Int32

	globalList  []*ssa.Global
	globalIndex map[*ssa.Global]int
	preset      map[*ssa.Global]preset // variables with a value before initialisation: //go:embed (embed.go), tables (tables.go)

	table  modelTable // the models by name: the package's table, models
	models sync.Map   // *ssa.Function -> modelFunc (nil if none), from table

	// Caches of the program's functions and types (each holds the
	// program: in a global, they would keep every program loaded alive).
	natives sync.Map // *ssa.Function -> *function: nativeOf
	bodies  sync.Map // *ssa.Function -> *function: bodyOf
	holds   sync.Map // *rtype -> bool: mayHoldMethods
	wraps   sync.Map // *rtype -> bool: isWrapped

	msMu sync.Mutex // guards ssa.MethodSets, which is not safe for concurrent use

	host *Host // the embedding tool's hooks (hooks.go); nil: none

	machines sync.Pool // *Machine: released machines (reuse.go)
	runners  sync.Map  // runnerKey -> *function: the first goroutines' functions (Start, StartTest)
	inits    sync.Map  // *function -> *initSnap: snapshots of initialisations (initsnap.go)

	ntMu sync.Mutex // held while native types are computed (see nativeType)

	reflOnce sync.Once
	refl     *reflectTypes // see reflectTypes

	testFlags atomic.Pointer[TestFlags] // see SetTestFlags
	osArgs    []string                  // os.Args of the program: see SetArgs

	fpNodes    atomic.Int64 // nodes of the last StateHash walk: the next machine's tables start that big
	frozenOnce sync.Once
	frozen     []bool // by global index: see frozenGlobals
	lazyOnce   sync.Once
	lazy       []lazyGlobal // by global index: see lazyGlobals

	links linknames // see linkTarget

	loadTimes   LoadTimes
	compileTime atomic.Int64 // nanoseconds spent compiling functions, so far
	pools       atomic.Int32 // the last function.pool given out
}

// LoadTimes is where the time of a load went, and how many packages
// were given their types each way (loadtypes.go).
type LoadTimes struct {
	List        time.Duration // go list: the import graph
	Kept        bool          // the graph was kept from an earlier load (listcache.go)
	Parse       time.Duration // parsing the packages from source (go list -export runs meanwhile)
	Export      time.Duration // then waiting for go list -export to end
	TypeCheck   time.Duration // type-checking from source and reading export data, in dependency order
	SSA         time.Duration // creating the program and building the packages from source
	Built       int           // packages built from SSA (with their bodies)
	Bodiless    int           // packages from source without bodies
	FromExport  int           // packages from export data
	ParsedBytes int64         // the source parsed
}

// Total is the whole load.
func (t LoadTimes) Total() time.Duration { return t.List + t.Parse + t.Export + t.TypeCheck + t.SSA }

func (t LoadTimes) String() string {
	ms := func(d time.Duration) string { return d.Round(time.Millisecond).String() }
	list := "go list"
	if t.Kept {
		list = "import graph kept"
	}
	return fmt.Sprintf("load %s: %s %s, parse %s (%d KiB), go list -export %s more, types %s (%d packages from source built, %d without bodies, %d from export data), SSA %s",
		ms(t.Total()), list, ms(t.List), ms(t.Parse), t.ParsedBytes>>10, ms(t.Export), ms(t.TypeCheck), t.Built, t.Bodiless, t.FromExport, ms(t.SSA))
}

// LoadTimes returns where the time of p's load went.
func (p *Program) LoadTimes() LoadTimes { return p.loadTimes }

// CompileTime returns the time spent so far compiling p's functions
// from SSA (each is compiled on its first call).
func (p *Program) CompileTime() time.Duration { return time.Duration(p.compileTime.Load()) }

// methodSet returns t's method set; safe for concurrent Machines.
func (p *Program) methodSet(t types.Type) *types.MethodSet {
	p.msMu.Lock()
	defer p.msMu.Unlock()
	return p.ssa.MethodSets.MethodSet(t)
}

// interpretedStd lists the standard packages run from SSA rather than
// bridged: they are generic, or plain Go over modelled primitives, or
// their control flow matters to scheduling.
var interpretedStd = map[string]bool{
	"context":        true,
	"slices":         true,
	"maps":           true,
	"cmp":            true,
	"iter":           true,
	"container/list": true,
	"container/heap": true,
	"container/ring": true,
	"sync":           true,
	"sync/atomic":    true,
	"errors":         true,
	"sort":           true,
	"unique":         true,
	// Their functions call the program's Read and Write methods, which
	// may block (a channel, a mutex, a pipe): run from SSA, they are
	// ordinary calls (io's exported errors stay native, see pipe.go).
	"io":    true,
	"bufio": true,
	// Printing values whose methods fmt calls (see fmt.go).
	"fmt": true,
	// The standard logger writes to the execution's os.Stderr, with the
	// time of the virtual clock, under a mutex the scheduler sees.
	"log":          true,
	"log/internal": true,
	// Its handlers write through the program's io.Writer under their
	// mutex, and its default handler through the standard logger above.
	"log/slog":                 true,
	"log/slog/internal":        true,
	"log/slog/internal/buffer": true,
	// Reflection over interpreted values needs the reflect model.
	"encoding/json":       true,
	"encoding/xml":        true,
	"encoding/gob":        true,
	"text/template":       true,
	"text/template/parse": true,
	"html/template":       true,
	"internal/saferio":    true, // gob's
	"internal/fmtsort":    true, // text/template's
	// Its FlagSet's Parse, over the program's os.Args (SetArgs).
	"flag": true,
	// Go's Notify, Stop and NotifyContext over mcheck's signals
	// (overlay/signal_unix.go.txt): no signal arrives unless the program
	// sends one to itself with syscall.Kill.
	"os/signal": true,
	// Test and Wait over mcheck's bubbles (synctest.go).
	"testing/synctest": true,
	// Check and CheckEqual call the program's functions through the
	// reflect model, with values from a generator seeded by the
	// virtual clock.
	"testing/quick": true,
	// Plain Go over overlays (netmodel.go): weak pointers that hold, and
	// pprof's labels.
	"weak":                         true,
	"runtime/pprof":                true,
	"internal/runtime/pprof/label": true,
	// The service layer: its goroutines, locks, channels and timers are
	// scheduled and raced like the program's (see "The service layer").
	"net":                                    true,
	"net/http":                               true,
	"net/http/httptest":                      true,
	"net/http/httptrace":                     true,
	"net/http/httputil":                      true,
	"net/http/internal":                      true,
	"net/http/internal/ascii":                true,
	"net/http/internal/httpcommon":           true,
	"net/textproto":                          true,
	"mime/multipart":                         true,
	"net/rpc":                                true,
	"net/rpc/jsonrpc":                        true,
	"database/sql":                           true,
	"database/sql/driver":                    true,
	"internal/singleflight":                  true,
	"internal/nettrace":                      true,
	"vendor/golang.org/x/net/http/httpguts":  true,
	"vendor/golang.org/x/net/http/httpproxy": true,
	"vendor/golang.org/x/net/http2/hpack":    true,
	"vendor/golang.org/x/net/idna":           true,
	"vendor/golang.org/x/net/dns/dnsmessage": true,
	// Plain Go helpers of the packages above (internal/bytealg's assembly
	// is modelled, netmodel.go).
	"internal/byteorder":   true,
	"internal/stringslite": true,
	"internal/itoa":        true,
	"internal/bytealg":     true,
	"internal/strconv":     true,
	// Functions over []byte: bridged, each call copied the whole slice
	// to native memory (and, with race detection, recorded a read of
	// every element); encoding/json decodes a rune at a time from the
	// rest of its buffer.
	"unicode/utf8": true,
	// The same, and bytes.Buffer's fields are the program's memory: two
	// goroutines writing one Buffer race, as Go's race detector says.
	"bytes": true,
	// The same: caches and queues decode their entries' headers with
	// binary.LittleEndian from the rest of a buffer of megabytes
	// (bigcache's shards).
	"encoding/binary": true,
}

//go:embed overlay/iter.go.txt
var iterOverlay []byte

//go:embed overlay/unique.go.txt
var uniqueOverlay []byte

// stdOverlay replaces the source of standard packages whose real
// implementation rests on runtime internals the interpreter does not have
// (coroutines, weak pointers) with plain Go of the same API, and package
// net's system files with the in-memory network (netmodel.go).
func stdOverlay() (map[string][]byte, error) {
	src := filepath.Join(runtime.GOROOT(), "src")
	empty := []byte("package unique\n")
	overlay := map[string][]byte{
		filepath.Join(src, "iter", "iter.go"):       iterOverlay,
		filepath.Join(src, "unique", "handle.go"):   uniqueOverlay,
		filepath.Join(src, "unique", "canonmap.go"): empty,
		filepath.Join(src, "unique", "clone.go"):    empty,
	}
	synctestOverlayTo(overlay)
	if err := runtimeOverlay(overlay); err != nil {
		return nil, err
	}
	if err := bytealgOverlay(overlay); err != nil {
		return nil, err
	}
	return overlay, netOverlay(overlay)
}

// LoadConfig says what to load.
type LoadConfig struct {
	Dir   string   // directory the patterns are relative to
	Tests bool     // include test files (and the test main package)
	Env   []string // the go command's whole environment (nil: the process's)
	// Tags are build tags, as go build -tags takes them, added to the
	// ones every load sets (see defaultTags).
	Tags []string
	// Host is the tool that embeds the interpreter: its hooks and
	// internal packages (hooks.go).
	Host *Host
	// Uncached builds the program afresh and does not keep it for a
	// later Load: for a tool that loads many packages one after the
	// other and needs each once (mcheck test ./...).
	Uncached bool
}

// defaultTags are the build tags every load sets. purego makes packages
// with assembly (hashes, codecs) take their Go fallbacks, which the
// interpreter can run, and noasm those that name the choice so
// (github.com/golang/snappy, github.com/klauspost/compress);
// disableunsafe selects go-spew's reflection without unsafe (testify
// vendors it).
var defaultTags = []string{"disableunsafe", "purego", "noasm", "netgo", "osusergo"}

// buildTags returns the -tags list of a load: the default tags and the
// user's, each once, in order. A user tag may be written "a,b" or "a b"
// as go build takes them.
func buildTags(user []string) []string {
	tags := slices.Clone(defaultTags)
	for _, t := range user {
		for _, f := range strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' }) {
			if !slices.Contains(tags, f) {
				tags = append(tags, f)
			}
		}
	}
	return tags
}

// buildFlags returns the go command's build flags of a load.
func buildFlags(cfg LoadConfig) []string {
	return []string{"-tags=" + strings.Join(buildTags(cfg.Tags), ",")}
}

type cacheKey struct {
	dir      string
	patterns string
	tests    bool
	tags     string
	host     *Host
}

var (
	cacheMu sync.Mutex
	cache   = map[cacheKey]*loadEntry{}
)

type loadEntry struct {
	once sync.Once
	prog *Program
	err  error
}

// Load loads and builds the packages matching patterns, once per process
// (unless cfg.Uncached): a second Load of the same patterns (and tests,
// tags) returns the same Program.
func Load(cfg LoadConfig, patterns ...string) (*Program, error) {
	if cfg.Uncached {
		return load(cfg, patterns)
	}
	dir, _ := filepath.Abs(cfg.Dir)
	key := cacheKey{dir, strings.Join(patterns, "\x00"), cfg.Tests, strings.Join(buildTags(cfg.Tags), ","), cfg.Host}
	cacheMu.Lock()
	e := cache[key]
	if e == nil {
		e = &loadEntry{}
		cache[key] = e
	}
	cacheMu.Unlock()
	e.once.Do(func() { e.prog, e.err = load(cfg, patterns) })
	return e.prog, e.err
}

// LoadError lists the compiler's errors for packages that do not build.
type LoadError struct {
	Errors []string
}

func (e *LoadError) Error() string {
	return "cannot load packages:\n\t" + strings.Join(e.Errors, "\n\t")
}

// load loads and builds the packages matching patterns (Load, without
// its cache): the import graph (go list), then each package's types
// (loadtypes.go), then the SSA form of the packages mcheck interprets.
func load(cfg LoadConfig, patterns []string) (*Program, error) {
	defer gcpace.Hold(gcpace.Load)()
	overlay, err := stdOverlay()
	if err != nil {
		return nil, err
	}
	var times LoadTimes
	start := time.Now()
	l, err := listPackages(cfg, patterns, overlay)
	if err != nil {
		return nil, err
	}
	roots, all := l.roots, l.all
	interpret, err := interpretedPackages(roots, cfg.Host)
	if err != nil {
		return nil, err
	}
	src := sourcePackages(l, interpret, cfg.Host, overlay)
	l.keep(cfg)
	times.List, times.Kept = time.Since(start), l.kept
	tl, err := loadTypes(cfg, all, src, interpret, overlay, &times)
	if err != nil {
		return nil, err
	} else if len(tl.errs) > 0 {
		return nil, &LoadError{Errors: tl.errs}
	}
	start = time.Now()
	// A collection between the two phases: the parser's and the type
	// checker's garbage goes, and the collector's next goal is set from
	// what the build keeps (syntax and types), not from the heap of
	// halfway through type-checking, which let the build run the heap
	// up to twice that before collecting (a check of a net/http handler
	// peaked at 150-178 MB resident without it, 150-155 MB with it, in
	// no more time).
	runtime.GC()
	p, build := buildSSA(cfg, roots, all, interpret, tl.tables)
	p.regexpLongest = tl.longest.Load()
	if err := p.addEmbeds(all); err != nil {
		return nil, err
	}
	p.indexGlobals(build)
	times.SSA = time.Since(start)
	p.loadTimes = times
	return p, nil
}

// listPackages lists the packages matching patterns (roots) and all
// those they import, in the order packages.Visit visits them, or returns
// their errors. The graph is kept for the next load (listcache.go).
func listPackages(cfg LoadConfig, patterns []string, overlay map[string][]byte) (*listing, error) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule
	pcfg := &packages.Config{Mode: mode, Dir: cfg.Dir, Tests: cfg.Tests, Env: cfg.Env, BuildFlags: buildFlags(cfg)}
	if file, err := overlayFile(overlay); err == nil {
		pcfg.BuildFlags = append(pcfg.BuildFlags, "-overlay="+file)
	} else {
		pcfg.Overlay = overlay // no cache directory: go/packages writes it
	}
	file := listCacheFile(cfg, patterns, pcfg.BuildFlags)
	if l := readListCache(file); l != nil {
		packages.Visit(l.roots, nil, func(p *packages.Package) { l.all = append(l.all, p) })
		return l, nil
	}
	l := &listing{file: file, start: time.Now(), generics: map[string]bool{}}
	roots, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	l.roots = roots
	var errs []string
	packages.Visit(roots, nil, func(p *packages.Package) {
		l.all = append(l.all, p)
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, &LoadError{Errors: errs}
	}
	return l, nil
}

// interpretedPackages are the packages mcheck interprets (reachable),
// or an error if a root is a standard package it bridges or one of them
// uses cgo.
func interpretedPackages(roots []*packages.Package, host *Host) (map[*packages.Package]bool, error) {
	for _, p := range roots {
		if p.Module == nil && len(p.GoFiles) > 0 && isGoroot(p.GoFiles[0]) && !interpretedStd[p.PkgPath] {
			return nil, fmt.Errorf("%s is a standard package that mcheck bridges natively; it cannot be the program", p.PkgPath)
		}
	}
	interpret := reachable(roots, host)
	for lp := range interpret {
		if !isStd(lp) && hasCgo(lp) {
			return nil, fmt.Errorf("unsupported: package %s uses cgo (%s)", lp.PkgPath, lp.GoFiles[0])
		}
	}
	return interpret, nil
}

// buildSSA creates the SSA packages of all and builds those of
// interpret, concurrently (go/ssa allows it); build are those, in the
// order of all.
func buildSSA(cfg LoadConfig, roots, all []*packages.Package, interpret map[*packages.Package]bool, tables map[*packages.Package][]*table) (p *Program, build []*ssa.Package) {
	prog := ssa.NewProgram(roots[0].Fset, ssa.InstantiateGenerics)
	p = &Program{
		ssa:         prog,
		fset:        roots[0].Fset,
		pkgs:        roots,
		byPth:       map[string]*ssa.Package{},
		host:        cfg.Host,
		osArgs:      []string{os.Args[0]},
		interp:      map[*types.Package]bool{},
		funcs:       map[*ssa.Function]*function{},
		globalIndex: map[*ssa.Global]int{},
		table:       models,
		preset:      map[*ssa.Global]preset{},
	}
	for _, lp := range all {
		sp := prog.CreatePackage(lp.Types, lp.Syntax, lp.TypesInfo, true)
		p.byPth[lp.ID] = sp
		if _, dup := p.byPth[lp.PkgPath]; !dup || !strings.Contains(lp.ID, "[") {
			p.byPth[lp.PkgPath] = sp
		}
		if interpret[lp] {
			p.interp[lp.Types] = true
			build = append(build, sp)
		}
		for _, tb := range tables[lp] {
			if tb.node != nil {
				tb.g = sp.Members[tb.spec.Names[0].Name].(*ssa.Global)
				p.preset[tb.g] = tb
			}
		}
	}
	// On as many goroutines as there are CPUs, the largest packages
	// first (so that the last to finish is a small one). A package's type
	// information is dropped once it is built (go/ssa keeps what
	// instances of its generic functions need), for the packages still
	// building.
	var order []*packages.Package
	for _, lp := range all {
		if interpret[lp] {
			order = append(order, lp)
		}
	}
	slices.SortStableFunc(order, func(a, b *packages.Package) int { return cmp.Compare(sourceSize(b), sourceSize(a)) })
	inOrder(len(order), func(i int) {
		p.byPth[order[i].ID].Build()
		order[i].TypesInfo = nil
	})
	return p, build
}

// inOrder calls f(0), ..., f(n-1), in that order, on as many goroutines
// as there are CPUs, and returns when they have all returned.
func inOrder(n int, f func(i int)) {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		next int
	)
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}

// sourceSize is the size of lp's syntax, in bytes of source.
func sourceSize(lp *packages.Package) int {
	n := 0
	for _, f := range lp.Syntax {
		n += int(f.FileEnd - f.FileStart)
	}
	return n
}

// addEmbeds records the //go:embed variables of the interpreted
// packages among all.
func (p *Program) addEmbeds(all []*packages.Package) error {
	for _, lp := range all {
		if sp := p.byPth[lp.ID]; lp.Types != nil && p.interp[lp.Types] {
			vars, err := embedVars(lp, sp)
			if err != nil {
				return err
			}
			for g, e := range vars {
				p.preset[g] = e
			}
		}
	}
	return nil
}

// indexGlobals numbers the globals of the built packages, by package
// and then by name: globals of interpreted packages live in each
// Machine, at these indexes.
func (p *Program) indexGlobals(build []*ssa.Package) {
	for _, sp := range build {
		var names []string
		for name, mem := range sp.Members {
			if _, ok := mem.(*ssa.Global); ok {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			g := sp.Members[name].(*ssa.Global)
			p.globalIndex[g] = len(p.globalList)
			p.globalList = append(p.globalList, g)
		}
	}
}

func isStd(lp *packages.Package) bool {
	return lp.Module == nil && len(lp.GoFiles) > 0 && isGoroot(lp.GoFiles[0])
}

// serviceLayer are the standard packages of the service layer testify
// imports for assertions a test rarely calls (assert.HTTPSuccess):
// imported only by testify, they stay bridged (and so bodiless, an
// error if called), since interpreting them would run net/http's
// package initialisation at the start of every execution of every test
// that uses testify. A program that imports one itself interprets it.
var serviceLayer = map[string]bool{"net/http": true, "net/http/httptest": true, "net/url": true, "net": true}

// testifyYAML are the packages testify's assert imports for YAMLEq and
// YAMLEqf alone (its YAML wrapper, or the YAML module itself before
// testify 1.10): 330 KB of source, and an initialisation that compiles
// regular expressions, which every execution of every test that uses
// testify would run again (a trivial check of such a test loaded in
// 10-15% less time and ran its executions 1.65 times as fast without
// them). Unless a package the program interprets outside testify names
// YAMLEq (testifyYAMLNamed), they are not interpreted: their types come
// from export data, and a call of their functions, which only reflection
// could still make, is an mcheck error naming the function.
var testifyYAML = map[string]bool{"github.com/stretchr/testify/assert/yaml": true, "gopkg.in/yaml.v3": true}

const testifyAssert = "github.com/stretchr/testify/assert"

// reachable returns the packages that run from SSA: the roots and what
// they import, transitively, except bridged standard packages and the
// host's internal packages (whose imports are then not followed either),
// and testify's YAML packages (testifyYAML) when nothing names YAMLEq.
func reachable(roots []*packages.Package, host *Host) map[*packages.Package]bool {
	walk := func(yaml bool) map[*packages.Package]bool {
		seen := map[*packages.Package]bool{}
		var visit func(lp *packages.Package)
		visit = func(lp *packages.Package) {
			if lp.PkgPath == "testing" && isStd(lp) && lp.Imports["context"] != nil {
				visit(lp.Imports["context"]) // the testing model's t.Context runs it (testing.go)
			}
			if seen[lp] || (isStd(lp) && !interpretedStd[lp.PkgPath]) || host != nil && host.Internal != nil && host.Internal(lp.PkgPath) {
				return
			}
			seen[lp] = true
			for path, imp := range lp.Imports {
				switch {
				case strings.HasPrefix(lp.PkgPath, "github.com/stretchr/testify/") && serviceLayer[path]:
					continue // see serviceLayer
				case lp.PkgPath == testifyAssert && testifyYAML[path] && !yaml:
					continue
				}
				visit(imp)
			}
		}
		for _, r := range roots {
			visit(r)
		}
		return seen
	}
	seen := walk(false)
	if testifyYAMLNamed(seen) {
		seen = walk(true)
	}
	return seen
}

// testifyYAMLNamed reports whether a package of interpret, neither
// standard nor testify's, names YAMLEq (or YAMLEqf) anywhere in its files,
// comments included (a call of testify's, or an interface with the
// method that a value of testify's may satisfy), or a file cannot be
// read.
func testifyYAMLNamed(interpret map[*packages.Package]bool) bool {
	uses := false
	for lp := range interpret {
		if lp.PkgPath == testifyAssert {
			uses = true
		}
	}
	if !uses {
		return false
	}
	for lp := range interpret {
		if isStd(lp) || strings.HasPrefix(lp.PkgPath, "github.com/stretchr/testify/") {
			continue
		}
		for _, f := range lp.GoFiles {
			src, err := os.ReadFile(f)
			if err != nil || bytes.Contains(src, []byte("YAMLEq")) {
				return true
			}
		}
	}
	return false
}

func hasCgo(lp *packages.Package) bool {
	_, ok := lp.Imports["runtime/cgo"]
	return ok
}

var goroot = filepath.Join(runtime.GOROOT(), "src") + string(filepath.Separator)

func isGoroot(file string) bool { return strings.HasPrefix(file, goroot) }

// interpreted reports whether pkg's functions run from SSA.
func (p *Program) interpreted(pkg *types.Package) bool { return p.interp[pkg] }

// Files returns the syntax, with comments, of the loaded package whose
// types are pkg (its doc comments, say), or nil if there is none.
func (p *Program) Files(pkg *types.Package) []*ast.File {
	var files []*ast.File
	packages.Visit(p.pkgs, nil, func(lp *packages.Package) {
		if lp.Types == pkg && files == nil {
			files = lp.Syntax
		}
	})
	return files
}

// Fset returns the file set of the program's positions.
func (p *Program) Fset() *token.FileSet { return p.fset }

// packageByPath returns the SSA package with the given import path or
// package ID.
func (p *Program) packageByPath(path string) *ssa.Package { return p.byPth[path] }

// TestPackage returns the ID of the loaded test variant of package path
// (its internal test, "p [p.test]", or external test, "p_test [p.test]"),
// or the package itself if it was loaded without tests.
func (p *Program) TestPackage(path string) (string, bool) {
	for _, r := range p.pkgs {
		if r.PkgPath == path && strings.Contains(r.ID, " [") {
			return r.ID, true
		}
	}
	for _, r := range p.pkgs {
		if r.PkgPath == path {
			return r.ID, true
		}
	}
	return "", false
}

// TestVariants returns the IDs of the loaded test variants of packages
// ("p [p.test]", "p_test [p.test]"), in order.
func (p *Program) TestVariants() []string {
	var ids []string
	for _, r := range p.pkgs {
		if strings.Contains(r.ID, " [") {
			ids = append(ids, r.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// Tests returns the names of the test functions (func TestXxx(*testing.T))
// of the loaded package with the given ID.
func (p *Program) Tests(id string) []string {
	sp := p.byPth[id]
	if sp == nil {
		return nil
	}
	var names []string
	for name, mem := range sp.Members {
		fn, ok := mem.(*ssa.Function)
		if !ok || !strings.HasPrefix(name, "Test") || (len(name) > 4 && unicode.IsLower(rune(name[4]))) {
			continue
		}
		if sig := fn.Signature; sig.Params().Len() == 1 && sig.Results().Len() == 0 && sig.Params().At(0).Type().String() == "*testing.T" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// MainPackages returns the import paths of the loaded main packages.
func (p *Program) MainPackages() []string {
	var out []string
	for _, r := range p.pkgs {
		if r.Name == "main" {
			out = append(out, r.ID)
		}
	}
	return out
}

// Run loads nothing: it runs the main package path of an already loaded
// program under the simple scheduler with cfg.
func (p *Program) Run(mainPkg string, cfg Config) Result {
	if cfg.Args != nil {
		p.SetArgs(cfg.Args)
	}
	m := p.NewMachine(cfg)
	defer m.Release() // its storage serves the program's next machine
	return m.RunMain(mainPkg)
}

// SetArgs sets the command-line arguments the program sees in os.Args
// (after the command's name, the host's). A loaded program has none: a
// test's flag.Parse sees no flags, not those of the go test binary that
// runs mcheck. Call it before any machine runs.
func (p *Program) SetArgs(args []string) {
	p.osArgs = append([]string{os.Args[0]}, args...)
}

// CallSites returns the positions ("file.go:12", as HookCall.Position
// spells them) of the static calls of callee in the function fn of the
// package id and in its function literals, in source order.
func (p *Program) CallSites(id, fn, callee string) []string {
	sp := p.byPth[id]
	if sp == nil || sp.Func(fn) == nil {
		return nil
	}
	var pos []token.Pos
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, ins := range b.Instrs {
				if c, ok := ins.(ssa.CallInstruction); ok {
					if sc := c.Common().StaticCallee(); sc != nil && sc.String() == callee {
						pos = append(pos, c.Pos())
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	visit(sp.Func(fn))
	slices.Sort(pos)
	var out []string
	for _, ps := range pos {
		if s := p.shortPos(ps); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Calls reports whether function fn of the package with the given ID
// calls callee (named as SSA prints it: "example.com/tool.Check")
// itself or in a function literal of its body.
func (p *Program) Calls(id, fn, callee string) bool {
	sp := p.byPth[id]
	if sp == nil || sp.Func(fn) == nil {
		return false
	}
	var calls func(f *ssa.Function) bool
	calls = func(f *ssa.Function) bool {
		for _, b := range f.Blocks {
			for _, ins := range b.Instrs {
				if c, ok := ins.(ssa.CallInstruction); ok {
					if sc := c.Common().StaticCallee(); sc != nil && sc.String() == callee {
						return true
					}
				}
			}
		}
		return slices.ContainsFunc(f.AnonFuncs, calls)
	}
	return calls(sp.Func(fn))
}
