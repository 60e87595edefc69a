package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// go run ./examples/bench checkcost [-runs 5] [-base REV] [-executions N]
//
// The fixed cost of one check under go test: a test binary whose only
// test is one mcheck.Run of one execution, run as a fresh process, wall
// time and peak resident memory (median of -runs). With -executions N,
// the check runs N executions instead: what executions cost once the
// program is loaded. Three packages: a
// trivial counter, the same with a testify assertion, and a handler
// package that imports net/http and database/sql. With -base, the same
// binaries built against revision REV of mcheck (a temporary git
// worktree) run interleaved with the current tree's, so that both
// columns see the same machine. One run with -mcheck.v then prints the
// load's breakdown of the current tree.

// costCounter is the trivial counter package.
const costCounter = `package cost

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() { c.mu.Lock(); c.n++; c.mu.Unlock() }
`

// costCounterTest is the counter's test: one execution of two goroutines
// that increment it, then check, with the import imp.
func costCounterTest(imp, check string) string {
	return `package cost

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	` + imp + `
)

func TestCost(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var c Counter
		done := make(chan bool)
		go func() { c.Inc(); done <- true }()
		c.Inc()
		<-done
		` + check + `
	}, mcheck.Executions(1))
}
`
}

// costScenarios are the packages measured: name, source, test.
var costScenarios = []struct{ name, src, test string }{
	{"trivial counter", costCounter, costCounterTest("", "")},
	{"trivial counter, testify", costCounter, costCounterTest(`"github.com/stretchr/testify/assert"`, "assert.Equal(t, 2, c.n)")},
	{"net/http and database/sql", `package cost

import (
	"database/sql"
	"net/http"
	"sync"
)

type Hits struct {
	mu sync.Mutex
	n  int
	db *sql.DB
}

func (h *Hits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.n++
	h.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}
`, `package cost

import (
	"net/http/httptest"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestCost(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		h := &Hits{}
		done := make(chan bool)
		go func() { h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil)); done <- true }()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
		<-done
	}, mcheck.Executions(1))
}
`},
}

func checkCostMain(args []string) {
	fs := flag.NewFlagSet("checkcost", flag.ExitOnError)
	runs := fs.Int("runs", 5, "runs of each binary (the median is printed)")
	base := fs.String("base", "", "a git revision of mcheck to measure side by side with the current tree")
	executions := fs.Int("executions", 1, "executions of each check")
	fs.Parse(args)
	root, tmp := rootAndTemp("mcheck-checkcost-")
	defer exit(0)
	trees := []struct{ name, dir string }{{"current", root}}
	if *base != "" {
		dir := filepath.Join(tmp, "base")
		run(root, "git", "worktree", "add", "--detach", dir, *base)
		atExit = append(atExit, func() { exec.Command("git", "-C", root, "worktree", "remove", "--force", dir).Run() })
		trees = append([]struct{ name, dir string }{{*base, dir}}, trees...)
	}
	type binary struct{ scenario, tree, path string }
	var bins []binary
	for i, s := range costScenarios {
		for j, t := range trees {
			dir := filepath.Join(tmp, fmt.Sprintf("m%d-%d", i, j))
			test := strings.ReplaceAll(s.test, "mcheck.Executions(1)", fmt.Sprintf("mcheck.Executions(%d)", *executions))
			writeCostModule(t.dir, dir, s.src, test)
			bin := filepath.Join(dir, "cost.test")
			run(dir, "go", "test", "-c", "-o", bin, ".")
			runCost(bin) // the first run fills the build cache (export data)
			bins = append(bins, binary{s.name, t.name, bin})
		}
	}
	walls, rss := make([][]time.Duration, len(bins)), make([][]int64, len(bins))
	for range *runs {
		for i, b := range bins {
			w, r := runCost(b.path)
			walls[i], rss[i] = append(walls[i], w), append(rss[i], r)
		}
	}
	fmt.Printf("%d executions per check\n\n| package | mcheck | wall (median of %d) | peak RSS (median) |\n|---|---|---|---|\n", *executions, *runs)
	for i, b := range bins {
		slices.Sort(walls[i])
		slices.Sort(rss[i])
		fmt.Printf("| %s | %s | %.2fs | %d MB |\n", b.scenario, b.tree, walls[i][len(walls[i])/2].Seconds(), rss[i][len(rss[i])/2]>>10)
	}
	for _, b := range bins {
		if b.tree == "current" {
			cmd := exec.Command(b.path, "-test.run", "^TestCost$", "-mcheck.v")
			cmd.Dir = filepath.Dir(b.path)
			out, _ := cmd.CombinedOutput()
			for _, line := range strings.Split(string(out), "\n") {
				if strings.Contains(line, ": load ") {
					fmt.Printf("\n%s: %s\n", b.scenario, strings.TrimSpace(line))
				}
			}
		}
	}
}

// rootAndTemp returns the repository root (the working directory) and a
// new temporary directory named from prefix, removed at exit.
func rootAndTemp(prefix string) (root, tmp string) {
	root, err := filepath.Abs(".")
	must(err)
	tmp, err = os.MkdirTemp("", prefix)
	must(err)
	atExit = append(atExit, func() { os.RemoveAll(tmp) })
	return root, tmp
}

// writeCostModule writes a module in dir with the package src and its
// test, requiring mcheck from tree (with tree's requirements, those of
// the revision measured, so that it builds offline).
func writeCostModule(tree, dir, src, test string) {
	must(os.MkdirAll(dir, 0o755))
	gomod, err := os.ReadFile(filepath.Join(tree, "go.mod"))
	must(err)
	mod := "module cost\n\ngo 1.26.0\n\nrequire github.com/mcheck-dev/mcheck v0.0.0\n\nreplace github.com/mcheck-dev/mcheck => " + tree + "\n"
	if _, reqs, ok := strings.Cut(string(gomod), "\nrequire"); ok {
		mod += "\nrequire" + reqs
	}
	sum, err := os.ReadFile(filepath.Join(tree, "go.sum"))
	must(err)
	// Written an hour ago, as a package not edited since its last test
	// run: its import graph is kept from one run to the next (a package
	// just edited is listed again, 120-170ms more on this machine).
	old := time.Now().Add(-time.Hour)
	for name, data := range map[string]string{"go.mod": mod, "go.sum": string(sum), "cost.go": src, "cost_test.go": test} {
		must(os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644))
		must(os.Chtimes(filepath.Join(dir, name), old, old))
	}
	must(os.Chtimes(dir, old, old))
}

// runCost runs the test binary once: its wall time and peak RSS (KiB).
func runCost(bin string) (time.Duration, int64) {
	cmd := exec.Command(bin, "-test.run", "^TestCost$")
	cmd.Dir = filepath.Dir(bin) // go test runs a test binary in its package's directory
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n%s", bin, err, out.String())
		exit(1)
	}
	return time.Since(start), cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
}

func run(dir, name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		exit(1)
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		exit(1)
	}
}

// atExit undoes what checkcost made (the temporary directory, the base
// worktree), also when it fails.
var atExit []func()

func exit(code int) {
	for i := len(atExit) - 1; i >= 0; i-- {
		atExit[i]()
	}
	os.Exit(code)
}
