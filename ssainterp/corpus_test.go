package ssainterp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// knownGaps lists corpus programs the interpreter does not yet run like
// go run, with the reason. They still run: the test fails if one of them
// starts to match (so the entry is removed) or if any other program
// differs.
var knownGaps = map[string]string{}

// goEnv is what the corpus's go commands (the native build and Load, whose
// LoadConfig.Env is the whole environment) add to the caller's: the
// temporary module stands alone, whatever go.work or GOFLAGS (-mod=vendor,
// say) the caller has.
var goEnv = []string{"GOWORK=off", "GOFLAGS="}

var (
	corpusRun   = flag.String("corpus.run", "", "only corpus programs whose name matches this regexp")
	corpusFresh = flag.Bool("corpus.fresh", false, "build and run every corpus program natively, whatever is cached")
)

// TestCorpus runs every program of testdata/corpus natively and under the
// interpreter and requires identical stdout, stderr (up to the goroutine
// traceback, which names addresses and paths) and exit status.
//
// To reproduce one program: go test ./ssainterp -run 'TestCorpus/NAME$' -v
// (with -short, a quarter of the programs run: every fourth).
//
// The test is hermetic: the module it builds, the binaries and the
// native runs' working directories are under t.TempDir(), the go command
// ignores any go.work and GOFLAGS of the caller, and the test fails if
// the package directory has gained or lost a file when it ends (the
// interpreted runs share the test's working directory, this one). What
// it keeps from one run to the next is the native runs' output, in
// mcheck's cache directory (nativeCache; -corpus.fresh ignores it).
func TestCorpus(t *testing.T) {
	t.Parallel()
	checkTreeUnchanged(t, ".")
	files := corpusFiles(t)
	if *corpusRun != "" {
		re := regexp.MustCompile(*corpusRun)
		var keep []string
		for _, f := range files {
			if re.MatchString(f) {
				keep = append(keep, f)
			}
		}
		files = keep
	} else if testing.Short() {
		// The inner loop's -short: a quarter of the corpus, every fourth
		// program (linking a native binary of each is most of the time).
		var keep []string
		for i, f := range files {
			if i%4 == 0 {
				keep = append(keep, f)
			}
		}
		files = keep
	}
	// One module with a directory per program, so that one go build and
	// one Load serve them all. A program whose native run is cached is
	// not built.
	cache := openNativeCache(t)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module corpus\n\ngo 1.26\n")
	var dirs, build []string
	keys := map[string]string{}
	cached := map[string]runOutput{} // read-only once the subtests run
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, name, "main.go"), string(src))
		dirs = append(dirs, "./"+name)
		keys[name] = cache.key(src)
		if out, ok := cache.get(keys[name]); ok {
			cached[name] = out
		} else {
			build = append(build, "./"+name)
		}
	}
	bin := filepath.Join(root, "bin")
	env := append(os.Environ(), goEnv...)
	if len(build) > 0 {
		// -ldflags='-s -w': no symbol table and no DWARF, which nothing
		// here reads (tracebacks use the pclntab, which stays); linking
		// the hundreds of binaries is most of the test's time, and this
		// halves it.
		cmd := exec.Command("go", append([]string{"build", "-ldflags=-s -w", "-o", bin + "/"}, build...)...)
		cmd.Dir, cmd.Env = root, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("native build: %v\n%s", err, out)
		}
	}
	prog, err := Load(LoadConfig{Dir: root, Env: env}, dirs...)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	for _, d := range dirs {
		name := strings.TrimPrefix(d, "./")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, ok := cached[name]
			if !ok {
				want = runNative(t, filepath.Join(bin, name), t.TempDir())
				cache.put(keys[name], want)
			}
			got, fault := runInterp(prog, "corpus/"+name)
			diff := fault
			if diff == "" {
				diff = compareRuns(want, got)
			}
			if gap, ok := knownGaps[name]; ok {
				if diff == "" {
					t.Errorf("%s now matches go run: remove it from knownGaps (%s)", name, gap)
				}
				return
			}
			if diff != "" {
				t.Errorf("%s: %s\nreproduce: go test ./ssainterp -run 'TestCorpus/%s$' -v", name, diff, name)
			}
		})
	}
}

// corpusFiles returns the corpus programs, sorted.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs: %v", err)
	}
	sort.Strings(files)
	return files
}

// checkTreeUnchanged fails t if, when t and its subtests have ended, a
// file or directory under dir has appeared or disappeared: tests must
// write under t.TempDir(), never into the source tree.
func checkTreeUnchanged(t *testing.T, dir string) {
	t.Helper()
	before := treePaths(t, dir)
	t.Cleanup(func() {
		after := treePaths(t, dir)
		for p := range after {
			if !before[p] {
				t.Errorf("the test left %s in the source tree (write under t.TempDir())", filepath.Join(dir, p))
			}
		}
		for p := range before {
			if !after[p] {
				t.Errorf("the test removed %s from the source tree", filepath.Join(dir, p))
			}
		}
	})
}

// treePaths returns the paths under dir, relative to it.
func treePaths(t *testing.T, dir string) map[string]bool {
	t.Helper()
	paths := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		paths[rel] = true
		return err
	})
	if err != nil {
		t.Fatalf("listing %s: %v", dir, err)
	}
	return paths
}

type runOutput struct {
	stdout, stderr string
	code           int
}

// runNative runs the binary at path in directory dir.
func runNative(t *testing.T, path, dir string) runOutput {
	cmd := exec.Command(path)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("native run: %v", err)
	}
	return runOutput{out.String(), errb.String(), code}
}

// runInterp runs pkg under the interpreter; fault describes a failure of
// the interpreter itself.
func runInterp(prog *Program, pkg string) (out runOutput, fault string) {
	var stdout, stderr bytes.Buffer
	res := prog.Run(pkg, Config{Stdout: &stdout, Stderr: &stderr, Seed: 1, MaxSteps: 200_000_000})
	if res.Fault != nil {
		return out, fmt.Sprintf("interpreter fault: %v\nstdout so far:\n%s", res.Fault, stdout.String())
	}
	if res.Limit != "" {
		return out, res.Limit
	}
	return runOutput{stdout.String(), stderr.String(), res.ExitCode}, ""
}

// traceback matches where the runtime's goroutine dump begins.
var traceback = regexp.MustCompile(`(?m)^(goroutine \d+ \[|\[signal |runtime: sp=|runtime: goroutine stack exceeds)`)

// cutTraceback drops what follows the panic message: stack traces name
// addresses, paths and frames no interpreter reproduces byte for byte.
func cutTraceback(s string) string {
	if loc := traceback.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	return strings.TrimRight(s, "\n")
}

// compareRuns describes how got differs from want ("" if it does not).
func compareRuns(want, got runOutput) string {
	var b strings.Builder
	if want.stdout != got.stdout {
		fmt.Fprintf(&b, "stdout differs\n--- native\n%s\n--- interpreted\n%s\n", want.stdout, got.stdout)
	}
	if w, g := cutTraceback(want.stderr), cutTraceback(got.stderr); w != g {
		fmt.Fprintf(&b, "stderr differs\n--- native\n%s\n--- interpreted\n%s\n", w, g)
	}
	if want.code != got.code {
		fmt.Fprintf(&b, "exit status native %d, interpreted %d\n", want.code, got.code)
	}
	return b.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readmeCorpus is README.md's sentence on the corpus: how many programs
// match go run, of how many.
var readmeCorpus = regexp.MustCompile(`(\d+) of the (\d+) differential corpus programs`)

// readmeSpeed is README.md's slowdown figure, and speedMean the reference
// table's geometric mean in docs/interp-speed.md (its first table).
var (
	readmeSpeed = regexp.MustCompile(`(?i)about (\d+)× slower than native`)
	speedMean   = regexp.MustCompile(`\*\*geometric mean\*\* \| \| \| \*\*([0-9.]+)x\*\*`)
)

// readmeMemory and readmeDepth are README.md's statements of the
// interpreter's default bounds on memory and call depth.
var (
	readmeMemory = regexp.MustCompile(`allocates more than (\d+ [KMGT]iB)`)
	readmeDepth  = regexp.MustCompile(`deeper than (\d+) calls`)
)

// TestReadmeFigures keeps README.md's figures about the interpreter true:
// the corpus sentence must count the programs of testdata/corpus and,
// of them, those not listed in knownGaps (TestCorpus fails unless exactly
// those match go run); the slowdown must be the reference table's
// geometric mean of docs/interp-speed.md, rounded, with README pointing
// there (a speed cannot be measured in a unit test, but the two documents
// can be kept in step); the memory and call-depth bounds must be the
// defaults of Config.MaxMemory and Config.MaxDepth.
func TestReadmeFigures(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	total := len(corpusFiles(t))
	matching := total - len(knownGaps)
	m := readmeCorpus.FindSubmatch(readme)
	if m == nil {
		t.Errorf("README.md has no sentence %q: say how many corpus programs match go run (%d of the %d differential corpus programs)",
			readmeCorpus, matching, total)
	} else if got := fmt.Sprintf("%s of %s", m[1], m[2]); got != fmt.Sprintf("%d of %d", matching, total) {
		t.Errorf("README.md says %q; the corpus has %d programs, %d of them not in knownGaps: write %d of the %d",
			m[0], total, matching, matching, total)
	}

	speed, err := os.ReadFile("../docs/interp-speed.md")
	if err != nil {
		t.Fatal(err)
	}
	mean := speedMean.FindSubmatch(speed)
	if mean == nil {
		t.Fatalf("docs/interp-speed.md has no geometric mean row matching %q", speedMean)
	}
	ref, err := strconv.ParseFloat(string(mean[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	s := readmeSpeed.FindSubmatch(readme)
	switch {
	case s == nil:
		t.Errorf("README.md has no %q figure (the reference geometric mean is %.1fx)", readmeSpeed, ref)
	case string(s[1]) != strconv.Itoa(int(math.Round(ref))):
		t.Errorf("README.md says %q; docs/interp-speed.md's reference geometric mean is %.1fx: write about %.0f×",
			s[0], ref, math.Round(ref))
	}
	if !bytes.Contains(readme, []byte("docs/interp-speed.md")) {
		t.Errorf("README.md does not point to docs/interp-speed.md, where its speed figure comes from")
	}

	mem := ByteSize(DefaultMaxMemory)
	depth := strconv.Itoa((&Program{}).NewMachine(Config{}).cfg.MaxDepth)
	for _, f := range []struct {
		re   *regexp.Regexp
		want string
	}{{readmeMemory, mem.String()}, {readmeDepth, depth}} {
		switch m := f.re.FindSubmatch(readme); {
		case m == nil:
			t.Errorf("README.md has no %q (the default is %s)", f.re, f.want)
		case string(m[1]) != f.want:
			t.Errorf("README.md says %q; the default is %s", m[0], f.want)
		}
	}
}

// nativeCache keeps the native runs of corpus programs in mcheck's cache
// directory, from one test run to the next: building and linking a
// binary per program is most of TestCorpus's time, and a program's
// native output changes only with its source and the go command's
// toolchain and platform, which make the key. A nil *nativeCache
// (-corpus.fresh, or no cache directory) keeps nothing.
type nativeCache struct {
	dir       string
	toolchain string // go env's GOVERSION, GOOS, GOARCH, ...
}

// cachedRun is a runOutput as the cache stores it: bytes, which JSON
// keeps as they are (a string's invalid UTF-8 would become U+FFFD).
type cachedRun struct {
	Stdout, Stderr []byte
	Code           int
}

func openNativeCache(t *testing.T) *nativeCache {
	if *corpusFresh {
		return nil
	}
	dir, err := cacheDir()
	if err != nil {
		return nil
	}
	dir = filepath.Join(dir, "corpus-native")
	cmd := exec.Command("go", "env", "GOVERSION", "GOOS", "GOARCH", "GOAMD64", "GOARM64", "GOEXPERIMENT", "CGO_ENABLED", "GOROOT")
	cmd.Env = append(os.Environ(), goEnv...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	if os.MkdirAll(dir, 0o755) != nil {
		return nil
	}
	return &nativeCache{dir: dir, toolchain: string(out)}
}

// key is the cache key of the program whose source is src.
func (c *nativeCache) key(src []byte) string {
	if c == nil {
		return ""
	}
	h := sha256.New()
	// Format 2: output as bytes (cachedRun).
	fmt.Fprintf(h, "corpus native run 2, -ldflags=-s -w\x00%s\x00", c.toolchain)
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))
}

func (c *nativeCache) path(key string) string {
	return filepath.Join(c.dir, key+".json")
}

// get returns the cached native run of key.
func (c *nativeCache) get(key string) (runOutput, bool) {
	if c == nil {
		return runOutput{}, false
	}
	data, err := os.ReadFile(c.path(key))
	var r cachedRun
	if err != nil || json.Unmarshal(data, &r) != nil {
		return runOutput{}, false
	}
	markUsed(c.path(key))
	return runOutput{string(r.Stdout), string(r.Stderr), r.Code}, true
}

// put stores the native run of key (by a rename, so that a concurrent
// test run reads either nothing or all of it).
func (c *nativeCache) put(key string, out runOutput) {
	if c == nil {
		return
	}
	data, err := json.Marshal(cachedRun{[]byte(out.stdout), []byte(out.stderr), out.code})
	if err != nil {
		return
	}
	f, err := os.CreateTemp(c.dir, "tmp-*")
	if err != nil {
		return
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr != nil || cerr != nil || os.Rename(f.Name(), c.path(key)) != nil {
		os.Remove(f.Name())
	}
}

// TestNativeCacheKeepsBytes: a cached native run comes back byte for
// byte, invalid UTF-8 included (it once came back with U+FFFD, and
// std_fmt_strings differed from its own cached run), and another
// toolchain or source is another key.
func TestNativeCacheKeepsBytes(t *testing.T) {
	c := &nativeCache{dir: t.TempDir(), toolchain: "go1.26 linux amd64"}
	want := runOutput{"a\x00\xff\xfe|日本\n", "\xc3(", 3}
	k := c.key([]byte("package main"))
	c.put(k, want)
	got, ok := c.get(k)
	if !ok || got != want {
		t.Fatalf("got %+q, %v; want %+q", []string{got.stdout, got.stderr}, ok, []string{want.stdout, want.stderr})
	}
	other := &nativeCache{dir: c.dir, toolchain: "go1.27 linux amd64"}
	if other.key([]byte("package main")) == k || c.key([]byte("package main // 2")) == k {
		t.Error("a key ignores the toolchain or the source")
	}
	if _, ok := c.get(c.key([]byte("package other"))); ok {
		t.Error("a program never run is cached")
	}
}
