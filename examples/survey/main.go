// Command survey measures how much of real, published concurrency code
// mcheck can load and run: for each module listed in modules.txt (module
// path and pinned version) it fetches the module from the module proxy,
// copies it to a writable directory, loads all its packages with their
// tests through mcheck's loader (ssainterp.Load with Tests), and, if they
// load, explores a few of its Test functions (those of the root package
// first) for a short time budget each, as "mcheck test" does. It prints a
// Markdown report on standard output and its progress on standard error:
//
//	cd examples/survey && go run . > RESULTS.md
//
// Each module is loaded and tested in a child process (this program run
// with -child in the module's copy), so that a crash, a hang or a memory
// blow-up of one module costs only that module: a test that runs past its
// timeout or past the memory bound is recorded as such and the child is
// restarted on the remaining tests. The report lists the modules in the
// order of modules.txt and each module's tests in a fixed order, so two
// runs differ only where mcheck's outcome does.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/mcheck-dev/mcheck/gotest"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

var (
	modulesFile = flag.String("modules", "modules.txt", "list of modules: `path version` per line")
	only        = flag.String("only", "", "survey only modules whose path matches this regular expression")
	budget      = flag.Duration("budget", 2*time.Second, "exploration time budget per test")
	longBudget  = flag.Duration("longbudget", 30*time.Second, "budget of a second exploration of a test in which no execution finished within -budget (0: none)")
	maxTests    = flag.Int("tests", 5, "tests explored per module")
	loadTimeout = flag.Duration("loadtimeout", 4*time.Minute, "time allowed to fetch and load one module")
	testGrace   = flag.Duration("grace", 25*time.Second, "time allowed past the budget before a test counts as a timeout")
	memLimit    = flag.Int64("mem", 6<<30, "resident memory (bytes) past which a child is stopped")
	workDir     = flag.String("work", "", "directory for the writable module copies (default: a temporary one, removed at the end)")

	child = flag.Bool("child", false, "internal: load and test the module in the current directory")
	skip  = flag.String("skip", "", "internal: comma-separated tests (pkg.Test) the child does not run again")
)

func main() {
	flag.Parse()
	if *child {
		os.Exit(childMain(flag.Arg(0)))
	}
	if *budget <= 0 || *maxTests < 0 {
		fmt.Fprintln(os.Stderr, "survey: -budget must be positive and -tests not negative")
		os.Exit(2)
	}
	os.Exit(parentMain())
}

// ---- child: runs in the module's copy ----

const marker = "@@survey "

// event is one line of the child's protocol, printed after marker.
type event struct {
	Ev       string   `json:"ev"` // "load", "start", "result"
	OK       bool     `json:"ok,omitempty"`
	Partial  bool     `json:"partial,omitempty"` // load: ./... failed (Err) but the root package loaded
	Err      string   `json:"err,omitempty"`
	Packages int      `json:"packages,omitempty"` // load: test variants loaded
	Tests    int      `json:"tests,omitempty"`    // load: Test functions in all packages
	Selected []string `json:"selected,omitempty"` // load: the tests to run, in order
	Test     string   `json:"test,omitempty"`
	Outcome  string   `json:"outcome,omitempty"` // result: clean, report, error
	Kind     string   `json:"kind,omitempty"`
	Msg      string   `json:"msg,omitempty"`
	Notes    string   `json:"notes,omitempty"`
	Long     bool     `json:"long,omitempty"` // start: the second exploration, for -longbudget
}

func emit(e event) {
	b, _ := json.Marshal(e)
	fmt.Fprintf(os.Stdout, "%s%s\n", marker, b)
}

// childMain loads ./... with tests in the current directory (module
// root) and explores the selected tests, reporting each as an event.
func childMain(root string) int {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Tests: true, Host: gotest.Host}, "./...")
	partial := ""
	if err != nil {
		// One package that does not load (a cgo command, an example)
		// stops ./...; the root package alone may still load and its
		// tests run.
		partial = err.Error()
		prog, err = ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Tests: true, Host: gotest.Host}, ".")
		if err != nil {
			emit(event{Ev: "load", Err: partial})
			return 0
		}
	}
	type cand struct {
		id, pkg, name string
		rootPkg, conc bool
	}
	var all []cand
	variants := prog.TestVariants()
	for _, id := range variants {
		pkg, _, _ := strings.Cut(id, " ")
		pkg = strings.TrimSuffix(pkg, "_test")
		for _, name := range prog.Tests(id) {
			all = append(all, cand{id, pkg, name, pkg == root, concurrencyName.MatchString(name)})
		}
	}
	// Root package first, then the others by path; within a package the
	// tests whose names speak of concurrency first, then by name.
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.rootPkg != b.rootPkg {
			return a.rootPkg
		}
		if a.pkg != b.pkg {
			return a.pkg < b.pkg
		}
		if a.conc != b.conc {
			return a.conc
		}
		if a.name != b.name {
			return a.name < b.name
		}
		return a.id < b.id
	})
	if len(all) > *maxTests {
		all = all[:*maxTests]
	}
	// Labels: TestX for the root package's own tests, name_test.TestX
	// for its external tests, sub/dir.TestX and sub/dir_test.TestX for
	// the other packages'.
	label := func(c cand) string {
		rel := strings.TrimPrefix(strings.TrimPrefix(c.pkg, root), "/")
		ext := strings.HasSuffix(strings.SplitN(c.id, " ", 2)[0], "_test")
		switch {
		case rel == "" && !ext:
			return c.name
		case rel == "":
			rel = path.Base(root)
		}
		if ext {
			rel += "_test"
		}
		return rel + "." + c.name
	}
	ev := event{Ev: "load", OK: partial == "", Partial: partial != "", Err: partial, Packages: len(variants)}
	for _, id := range variants {
		ev.Tests += len(prog.Tests(id))
	}
	for _, c := range all {
		ev.Selected = append(ev.Selected, label(c))
	}
	emit(ev)
	skipped := map[string]bool{}
	for _, s := range strings.Split(*skip, ",") {
		skipped[s] = true
	}
	for _, c := range all {
		l := label(c)
		if skipped[l] {
			continue
		}
		emit(event{Ev: "start", Test: l})
		res := exploreTest(prog, c.id, c.name, *budget)
		if strings.HasPrefix(res.Err, "not checked") && *longBudget > *budget {
			// A long test (a stress loop of many thousands of
			// operations) is explored again with a longer budget, as a
			// user would raise -mcheck.budget for it.
			emit(event{Ev: "start", Test: l, Long: true})
			res = exploreTest(prog, c.id, c.name, *longBudget)
			res.Notes = strings.TrimSpace(fmt.Sprintf("no execution finished in %v; explored again for %v. %s", *budget, *longBudget, res.Notes))
		}
		res.Test = l
		emit(res)
	}
	return 0
}

// exploreTest explores test name of package variant id for the given
// time budget, as mcheck test does, and classifies the outcome.
func exploreTest(prog *ssainterp.Program, id, name string, budget time.Duration) event {
	t := sched.Target{Prog: prog, Test: true, Start: func(m *ssainterp.Machine) error { return m.StartTest(id, name) }}
	rep, err := sched.Explore(t, sched.Options{Seed: 1, Time: budget})
	res := event{Ev: "result"}
	switch {
	case err != nil:
		res.Outcome, res.Err = "error", err.Error()
	case rep.Failure != nil:
		res.Outcome, res.Kind, res.Msg = "report", string(rep.Failure.Kind), rep.Failure.Message
		if rep.Failure.Timing != "" {
			res.Notes = rep.Failure.Timing
		}
	case rep.Executions == 0 && rep.Pruned == 0 && !rep.Exhausted && len(rep.Races) == 0:
		// No execution finished: not checked, as mcheck test and
		// go test say it (check.NotChecked), never clean.
		res.Outcome, res.Err = "error", fmt.Sprintf("not checked: no execution finished in %v", budget)
	default:
		res.Outcome = "clean"
	}
	if rep != nil && rep.Inconclusive > 0 {
		res.Notes = strings.TrimSpace(res.Notes + fmt.Sprintf(" %d inconclusive executions", rep.Inconclusive))
	}
	return res
}

var concurrencyName = regexp.MustCompile(`(?i)concurren|race|parallel|goroutine|async|sync|lock|wait|close|stop|cancel|timeout`)

// ---- parent ----

type testResult struct {
	Name    string
	Outcome string // clean, report, error, timeout, crash, memory
	Detail  string // kind and first line, or the error's first line
	Cause   string // normalized, for the ranking
	Notes   string
}

type modResult struct {
	Path, Version string
	Loads         bool   // all packages with their tests load
	RootOnly      bool   // ./... does not load, the root package with its tests does
	LoadErr       string // first error line
	LoadCause     string // normalized
	NativeBuilds  string // "", "yes", "no: ..." (checked only when mcheck cannot load)
	Setup         string // notes on preparing the copy
	Packages      int
	TotalTests    int
	Tests         []testResult
}

func parentMain() int {
	mods, err := readModules(*modulesFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "survey: %v\n", err)
		return 2
	}
	var re *regexp.Regexp
	if *only != "" {
		if re, err = regexp.Compile(*only); err != nil {
			fmt.Fprintf(os.Stderr, "survey: -only: %v\n", err)
			return 2
		}
	}
	work := *workDir
	if work == "" {
		if work, err = os.MkdirTemp("", "mcheck-survey-"); err != nil {
			fmt.Fprintf(os.Stderr, "survey: %v\n", err)
			return 2
		}
		defer os.RemoveAll(work)
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "survey: %v\n", err)
		return 2
	}
	start := time.Now()
	scrubDirs = []string{work}
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		scrubDirs = append(scrubDirs, string(bytes.TrimSpace(out)))
	}
	var results []*modResult
	for i, m := range mods {
		if re != nil && !re.MatchString(m[0]) {
			continue
		}
		fmt.Fprintf(os.Stderr, "[%d/%d %s] %s@%s\n", i+1, len(mods), time.Since(start).Round(time.Second), m[0], m[1])
		r := surveyModule(self, work, m[0], m[1])
		results = append(results, r)
		fmt.Fprintf(os.Stderr, "    loads=%v rootonly=%v %s; tests: %s\n", r.Loads, r.RootOnly, firstLine(r.LoadErr), summarizeTests(r))
	}
	writeReport(os.Stdout, results, time.Since(start))
	return 0
}

func readModules(file string) ([][2]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var mods [][2]string
	for n, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want `module version`, have %q", file, n+1, line)
		}
		mods = append(mods, [2]string{f[0], f[1]})
	}
	return mods, nil
}

// goEnv is the environment of every go command and child: no workspace,
// the local toolchain only, and go.mod/go.sum completed as needed (the
// survey measures mcheck, not the modules' bookkeeping).
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY="+goProxy())
}

func goProxy() string {
	if p := os.Getenv("GOPROXY"); p != "" {
		return p
	}
	out, _ := exec.Command("go", "env", "GOPROXY").Output()
	return strings.TrimSpace(string(out))
}

func runGo(dir string, timeout time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String(), fmt.Errorf("go %s: timed out after %v", strings.Join(args, " "), timeout)
	}
	if err != nil {
		return out.String(), fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	return out.String(), nil
}

func surveyModule(self, work, path, version string) *modResult {
	r := &modResult{Path: path, Version: version}
	fail := func(err error) *modResult {
		r.LoadErr = scrub(err.Error())
		r.LoadCause = normalize(r.LoadErr)
		return r
	}
	out, err := runGo(work, *loadTimeout, "mod", "download", "-json", path+"@"+version)
	var dl struct{ Dir, Error string }
	if err == nil {
		err = json.Unmarshal([]byte(out), &dl)
	}
	if err == nil && dl.Error != "" {
		err = fmt.Errorf("go mod download: %s", dl.Error)
	}
	if err != nil {
		return fail(fmt.Errorf("setup: %v", err))
	}
	dir := filepath.Join(work, strings.ReplaceAll(path, "/", "_")+"@"+version)
	os.RemoveAll(dir)
	if err := copyTree(dl.Dir, dir); err != nil {
		return fail(fmt.Errorf("setup: copy: %v", err))
	}
	defer os.RemoveAll(dir)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		// A module from before modules: give it the go.mod that go mod
		// init would, at the language version of its time (before the
		// per-iteration loop variables of Go 1.22).
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+path+"\n\ngo 1.16\n"), 0o644); err != nil {
			return fail(err)
		}
		if _, err := runGo(dir, *loadTimeout, "mod", "tidy"); err != nil {
			return fail(fmt.Errorf("setup: %v", err))
		}
		r.Setup = "no go.mod: synthesized (go 1.16) and tidied"
	}
	// Fetch what the packages and their tests import (readonly go.sum
	// gaps are filled by -mod=mod).
	if _, err := runGo(dir, *loadTimeout, "list", "-e", "-deps", "-test", "./..."); err != nil {
		return fail(fmt.Errorf("setup: %v", err))
	}
	runChild(self, dir, path, r)
	if !r.Loads && r.LoadErr != "" {
		// Does the module build natively (with its tests)? If not, the
		// failure is not mcheck's.
		if _, err := runGo(dir, *loadTimeout, "test", "-count=1", "-run=^$", "-vet=off", "./..."); err != nil {
			r.NativeBuilds = "no: " + scrub(firstLine(lastErrorLine(err.Error())))
		} else {
			r.NativeBuilds = "yes"
		}
	}
	return r
}

// runChild runs the child on the module copy in dir, restarting it after
// a timeout, a crash or the memory bound, until every selected test has
// an outcome.
func runChild(self, dir, root string, r *modResult) {
	done := map[string]bool{}
	var selected []string
	for attempt := 0; ; attempt++ {
		var skipList []string
		for _, s := range selected {
			if done[s] {
				skipList = append(skipList, s)
			}
		}
		args := []string{"-child", "-budget", budget.String(), "-longbudget", longBudget.String(), "-tests", strconv.Itoa(*maxTests), "-skip", strings.Join(skipList, ","), root}
		current, reason := superviseChild(self, dir, args, func(e event) {
			switch e.Ev {
			case "load":
				if attempt == 0 {
					r.Loads, r.RootOnly = e.OK, e.Partial
					if !e.OK {
						r.LoadErr = scrub(e.Err)
						r.LoadCause = normalize(e.Err)
					}
					r.Packages, r.TotalTests = e.Packages, e.Tests
					selected = e.Selected
				}
			case "result":
				tr := testResult{Name: e.Test, Outcome: e.Outcome, Notes: clip(e.Notes, 300)}
				switch e.Outcome {
				case "report":
					tr.Detail = clip(scrub(e.Kind+": "+messageLine(e.Msg)), 300)
					tr.Cause = "reported " + e.Kind + ": " + normalizeMsg(messageLine(e.Msg))
				case "error":
					tr.Detail = clip(scrub(firstLine(e.Err)), 300)
					tr.Cause = normalize(e.Err)
				}
				r.Tests = append(r.Tests, tr)
				done[e.Test] = true
			}
		})
		if reason == "" {
			break
		}
		if current == "" {
			// Died or hung while loading.
			if !r.Loads && r.LoadErr == "" {
				r.LoadErr = "loading: " + reason
				r.LoadCause = normalize(r.LoadErr)
			}
			break
		}
		tr := testResult{Name: current, Detail: reason}
		switch {
		case strings.HasPrefix(reason, "timeout"):
			tr.Outcome, tr.Cause = "timeout", "timeout: the test ran past budget+grace"
		case strings.HasPrefix(reason, "memory"):
			tr.Outcome, tr.Cause = "memory", "host memory bound exceeded"
		default:
			tr.Outcome, tr.Cause = "crash", "mcheck crashed: "+normalizeMsg(reason)
		}
		r.Tests = append(r.Tests, tr)
		done[current] = true
		remaining := 0
		for _, s := range selected {
			if !done[s] {
				remaining++
			}
		}
		if remaining == 0 {
			break
		}
	}
	// Report the tests in the selected order whatever the restarts did.
	order := map[string]int{}
	for i, s := range selected {
		order[s] = i
	}
	sort.SliceStable(r.Tests, func(i, j int) bool { return order[r.Tests[i].Name] < order[r.Tests[j].Name] })
}

// superviseChild runs one child process, passing its events to on. It
// returns the test under way when the child had to be stopped or died
// ("" if none) and why ("" if the child finished normally).
func superviseChild(self, dir string, args []string, on func(event)) (current, reason string) {
	cmd := exec.Command(self, args...)
	cmd.Dir = dir
	// A soft memory limit below -mem: mcheck ends an execution whose
	// process passes nine tenths of it as out of memory, with where it
	// was, before the child is stopped from outside.
	cmd.Env = append(goEnv(), fmt.Sprintf("GOMEMLIMIT=%d", *memLimit/6*5))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", "start: " + err.Error()
	}
	var stderr tailBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return "", "start: " + err.Error()
	}
	kill := func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			if l, ok := strings.CutPrefix(sc.Text(), marker); ok {
				lines <- l
			}
		}
		io.Copy(io.Discard, stdout)
		close(lines)
	}()
	deadline := time.NewTimer(*loadTimeout)
	limit := *loadTimeout // of what runs now
	defer deadline.Stop()
	memTick := time.NewTicker(500 * time.Millisecond)
	defer memTick.Stop()
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				err := cmd.Wait()
				if current != "" || err != nil {
					reason = "exit: " + crashLine(stderr.String(), err)
				}
				return current, reason
			}
			var e event
			if json.Unmarshal([]byte(l), &e) != nil {
				continue
			}
			on(e)
			switch e.Ev {
			case "start":
				current, limit = e.Test, *budget+*testGrace
				if e.Long {
					limit = *longBudget + *testGrace
				}
				deadline.Reset(limit)
			case "result":
				current = ""
			}
		case <-deadline.C:
			kill()
			cmd.Wait()
			what := "loading"
			if current != "" {
				what = current
			}
			if current == "" {
				limit = *loadTimeout
			}
			return current, fmt.Sprintf("timeout: %s still running after %v", what, limit)
		case <-memTick.C:
			if rss := residentBytes(cmd.Process.Pid); rss > *memLimit {
				kill()
				cmd.Wait()
				return current, fmt.Sprintf("memory: resident %d MiB > %d MiB", rss>>20, *memLimit>>20)
			}
		}
	}
}

// residentBytes is the resident set size of process pid (0 if unknown).
func residentBytes(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// crashLine picks the line that says why a child died: the Go runtime's
// "fatal error:" or "panic:" line, else the last line of its stderr.
func crashLine(stderr string, err error) string {
	ls := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range ls {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.TrimSpace(l)
		}
	}
	if n := len(ls); n > 0 && ls[n-1] != "" {
		return strings.TrimSpace(ls[n-1])
	}
	if err != nil {
		return err.Error()
	}
	return "child ended early"
}

// tailBuffer keeps the first 64 KiB written to it (a crash's first lines
// say why).
type tailBuffer struct{ bytes.Buffer }

func (t *tailBuffer) Write(p []byte) (int, error) {
	if room := 64<<10 - t.Len(); room > 0 {
		t.Buffer.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// ---- causes ----

var (
	posRE      = regexp.MustCompile(`(?:[\w./@+-]*/)?[\w.+-]+\.(?:go|s):\d+(?::\d+)?:?\s*`)
	hexRE      = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	numRE      = regexp.MustCompile(`\b\d+\b`)
	goroutRE   = regexp.MustCompile(`goroutine \d+`)
	noBodyRE   = regexp.MustCompile(`unsupported: (\S+) (?:has no Go body|is not run by mcheck)`)
	internalRE = regexp.MustCompile(`\(in ([^:]+): .*?\): internal error: (.*)$`)
)

// scrubDirs are the directory prefixes removed from reported messages
// (the module cache, the copies' work directory), so that a report does
// not depend on the machine or the run.
var scrubDirs []string

// scrub removes machine-dependent directory prefixes from s.
func scrub(s string) string {
	for _, d := range scrubDirs {
		s = strings.ReplaceAll(s, d+string(filepath.Separator), "")
	}
	return s
}

// firstError returns the first line that says what went wrong: for
// mcheck's "cannot load packages:" the first listed error.
func firstError(s string) string {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "mcheck: "))
	if rest, ok := strings.CutPrefix(s, "cannot load packages:"); ok {
		return firstLine(strings.TrimSpace(rest))
	}
	return firstLine(s)
}

// normalize turns an error into the cause it stands for: positions,
// addresses and counts removed, so that one missing model or one
// unsupported construct counts once per module.
func normalize(s string) string {
	l := firstError(s)
	switch {
	case strings.Contains(l, "uses cgo"):
		return "cgo"
	case strings.HasPrefix(l, "mcheck could not run the program: "):
		return normalize(strings.TrimPrefix(l, "mcheck could not run the program: "))
	case internalRE.MatchString(l):
		// "(in FUNC: INSTR): internal error: MSG": the message first, so
		// that the same fault in two functions reads alike.
		m := internalRE.FindStringSubmatch(l)
		return clip("internal error: "+normalizeMsg(m[2]), 110) + " (in " + m[1] + ")"
	case noBodyRE.MatchString(l):
		return "no Go body: " + noBodyRE.FindStringSubmatch(l)[1]
	case strings.HasPrefix(l, "setup:"):
		return "setup: " + normalizeMsg(strings.TrimPrefix(l, "setup:"))
	}
	if posRE.MatchString(l) && strings.Contains(s, "cannot load packages") {
		return "type error: " + normalizeMsg(l)
	}
	return normalizeMsg(l)
}

func normalizeMsg(l string) string {
	l = posRE.ReplaceAllString(l, "")
	l = goroutRE.ReplaceAllString(l, "goroutine N")
	l = hexRE.ReplaceAllString(l, "0x…")
	if !strings.Contains(l, "no Go body") {
		l = numRE.ReplaceAllString(l, "N")
	}
	l = strings.TrimSpace(l)
	return clip(l, 110)
}

// messageLine is the line of a failure's message that says what went
// wrong: its first line, and when that is only a position ("x_test.go:12:",
// as testify and t.Errorf with a leading newline print), the assertion's
// "Error:" line or else the next line.
func messageLine(msg string) string {
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	first := lines[0]
	if strings.TrimSpace(posRE.ReplaceAllString(first, "")) != "" || len(lines) == 1 {
		return first
	}
	for _, l := range lines[1:] {
		if rest, ok := strings.CutPrefix(l, "Error:"); ok {
			return first + " " + strings.TrimSpace(rest)
		}
	}
	return first + " " + lines[1]
}

// clip cuts s to at most n bytes (on a rune boundary), marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// lastErrorLine picks the first compiler-style error line from go's
// output (file:line: msg), else the first line.
func lastErrorLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if posRE.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "#") {
			return strings.TrimSpace(l)
		}
	}
	return firstLine(s)
}

// ---- report ----

func summarizeTests(r *modResult) string {
	c := counts(r)
	return fmt.Sprintf("%d run, %d clean, %d reports, %d could not run, %d timeouts", len(r.Tests), c["clean"], c["report"], c["error"]+c["crash"]+c["memory"], c["timeout"])
}

func counts(r *modResult) map[string]int {
	c := map[string]int{}
	for _, t := range r.Tests {
		c[t.Outcome]++
	}
	return c
}

// causes returns the module's causes: its load failure first, then the
// causes of its tests that did not come back clean, most frequent first.
func causes(r *modResult, withReports bool) []string {
	var out []string
	if !r.Loads && r.LoadCause != "" {
		out = append(out, r.LoadCause)
	}
	n := map[string]int{}
	for _, t := range r.Tests {
		if t.Cause == "" || (!withReports && t.Outcome == "report") {
			continue
		}
		n[t.Cause]++
	}
	return append(out, rank(n)...)
}

func rank(n map[string]int) []string {
	var keys []string
	for k := range n {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if n[keys[i]] != n[keys[j]] {
			return n[keys[i]] > n[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

func mcheckCommit() string {
	out, err := exec.Command("git", "-C", "../..", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	if st, _ := exec.Command("git", "-C", "../..", "status", "--porcelain", "--untracked-files=no").Output(); len(bytes.TrimSpace(st)) > 0 {
		c += " (with uncommitted changes)"
	}
	return c
}

func md(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func writeReport(w io.Writer, results []*modResult, elapsed time.Duration) {
	fmt.Fprintf(w, "# mcheck survey of concurrency-heavy Go modules\n\n")
	fmt.Fprintf(w, "Generated by `go run .` in examples/survey (see README.md) against mcheck commit %s, %s, %s/%s.\n", mcheckCommit(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(w, "Each module: all packages and their tests loaded with `ssainterp.Load(LoadConfig{Tests: true}, \"./...\")`; if they load, up to %d tests (root package first) explored for %v each (seed 1, default strategy), and a test in which no execution finished within that explored again for %v; timeout budget+%v per test. The run took %v.\n\n", *maxTests, *budget, *longBudget, *testGrace, elapsed.Round(time.Minute))

	var loads, rootOnly, tests, clean, reports, cnr, tos int
	for _, r := range results {
		if r.Loads {
			loads++
		}
		if r.RootOnly {
			rootOnly++
		}
		c := counts(r)
		tests += len(r.Tests)
		clean += c["clean"]
		reports += c["report"]
		cnr += c["error"] + c["crash"] + c["memory"]
		tos += c["timeout"]
	}
	fmt.Fprintf(w, "**Summary:** %d of %d modules load (./... with tests), %d more load their root package only; %d tests explored: %d clean, %d reported a bug, %d could not run, %d timed out.\n\n", loads, len(results), rootOnly, tests, clean, reports, cnr, tos)

	fmt.Fprintf(w, "| # | module | version | loads? | tests run | clean | reports | could not run | timeouts | top causes |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|\n")
	for i, r := range results {
		c := counts(r)
		l := "yes"
		if r.RootOnly {
			l = "root only"
		} else if !r.Loads {
			l = "no"
			if strings.HasPrefix(r.NativeBuilds, "no") {
				l = "no (nor natively)"
			}
		}
		top := causes(r, true)
		if len(top) > 2 {
			top = append(top[:2], fmt.Sprintf("+%d more", len(top)-2))
		}
		fmt.Fprintf(w, "| %d | %s | %s | %s | %d | %d | %d | %d | %d | %s |\n", i+1, r.Path, r.Version, l, len(r.Tests), c["clean"], c["report"], c["error"]+c["crash"]+c["memory"], c["timeout"], md(strings.Join(top, "; ")))
	}

	// Ranked causes: how many modules each blocks (a load failure blocks
	// the whole module; a test-level cause blocks the tests it names).
	blockLoad, blockTests, rep := map[string]int{}, map[string]int{}, map[string]int{}
	examples := map[string]string{}
	for _, r := range results {
		if !r.Loads && r.LoadCause != "" {
			blockLoad[r.LoadCause]++
			if examples[r.LoadCause] == "" {
				examples[r.LoadCause] = r.Path
			}
		}
		seen := map[string]bool{}
		for _, t := range r.Tests {
			if t.Cause == "" || seen[t.Cause] {
				continue
			}
			seen[t.Cause] = true
			if t.Outcome == "report" {
				rep[t.Cause]++
			} else {
				blockTests[t.Cause]++
			}
			if examples[t.Cause] == "" {
				examples[t.Cause] = r.Path + " " + t.Name
			}
		}
	}
	fmt.Fprintf(w, "\n## Causes, ranked by the number of modules they block\n\n")
	fmt.Fprintf(w, "### Modules whose packages (./... with tests) do not load\n\n")
	writeRanked(w, blockLoad, examples)
	fmt.Fprintf(w, "\n### Tests that could not run (module, or its root package, loads)\n\n")
	writeRanked(w, blockTests, examples)
	fmt.Fprintf(w, "\n### Reports on tests that pass natively (each a false alarm unless shown real)\n\n")
	writeRanked(w, rep, examples)

	fmt.Fprintf(w, "\n## Per module\n\n")
	for i, r := range results {
		fmt.Fprintf(w, "### %d. %s@%s\n\n", i+1, r.Path, r.Version)
		if r.Setup != "" {
			fmt.Fprintf(w, "- setup: %s\n", r.Setup)
		}
		if !r.Loads {
			fmt.Fprintf(w, "- ./... does not load: `%s`\n", md(firstError(r.LoadErr)))
			if r.NativeBuilds != "" {
				fmt.Fprintf(w, "- builds natively (`go test -run ^$ ./...`): %s\n", md(r.NativeBuilds))
			}
			if !r.RootOnly {
				fmt.Fprintln(w)
				continue
			}
			fmt.Fprintf(w, "- the root package alone loads: %d test packages, %d Test functions\n", r.Packages, r.TotalTests)
		} else {
			fmt.Fprintf(w, "- loads: %d test packages, %d Test functions\n", r.Packages, r.TotalTests)
		}
		for _, t := range r.Tests {
			line := fmt.Sprintf("- `%s`: %s", t.Name, t.Outcome)
			if t.Detail != "" {
				line += fmt.Sprintf(" — `%s`", md(t.Detail))
			}
			if t.Notes != "" {
				line += fmt.Sprintf(" (%s)", md(t.Notes))
			}
			fmt.Fprintln(w, line)
		}
		fmt.Fprintln(w)
	}
}

func writeRanked(w io.Writer, n map[string]int, examples map[string]string) {
	keys := rank(n)
	if len(keys) == 0 {
		fmt.Fprintln(w, "None.")
		return
	}
	fmt.Fprintf(w, "| modules | cause | first seen in |\n|---|---|---|\n")
	for _, k := range keys {
		fmt.Fprintf(w, "| %d | %s | %s |\n", n[k], md(k), md(examples[k]))
	}
}
