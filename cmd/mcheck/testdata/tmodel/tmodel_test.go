package tmodel

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
)

func TestShortSkips(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	t.Error("ran although -short")
}

func TestVerbose(t *testing.T) {
	if !testing.Verbose() {
		t.Error("testing.Verbose() is false")
	}
	if !testing.Testing() {
		t.Error("testing.Testing() is false")
	}
}

// TestContext: t.Context is live during the test and its subtests, and
// cancelled just before the cleanups run, so a cleanup can wait for a
// worker that stops on Done.
func TestContext(t *testing.T) {
	ctx := t.Context()
	if ctx != t.Context() {
		t.Error("t.Context changed")
	}
	stopped := make(chan struct{})
	go func() {
		<-ctx.Done()
		close(stopped)
	}()
	t.Cleanup(func() {
		if !errors.Is(ctx.Err(), context.Canceled) {
			t.Errorf("in a cleanup, ctx.Err() = %v", ctx.Err())
		}
		<-stopped // blocks forever unless the context was cancelled first
	})
	var subCtx context.Context
	t.Run("sub", func(t *testing.T) {
		subCtx = t.Context()
		if subCtx.Err() != nil || ctx.Err() != nil {
			t.Error("cancelled during the subtest")
		}
	})
	if subCtx.Err() == nil {
		t.Error("the subtest's context outlived the subtest")
	}
	if ctx.Err() != nil {
		t.Errorf("cancelled during the test: %v", ctx.Err())
	}
}

// TestContextInCleanup: a context first asked for in a cleanup is
// cancelled already.
func TestContextInCleanup(t *testing.T) {
	t.Cleanup(func() {
		if t.Context().Err() == nil {
			t.Error("t.Context in a cleanup is live")
		}
	})
}

const key = "MCHECK_TMODEL_KEY"

// TestSetenv: t.Setenv sets the variable for the test and its
// goroutines, and the value before is back after the (sub)test.
func TestSetenv(t *testing.T) {
	if _, ok := os.LookupEnv(key); ok {
		t.Fatalf("%s is set before the test", key)
	}
	t.Run("sub", func(t *testing.T) {
		t.Setenv(key, "sub")
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v := os.Getenv(key); v != "sub" {
				t.Errorf("a goroutine of the subtest sees %q", v)
			}
		}()
		wg.Wait()
		if !slices.Contains(os.Environ(), key+"=sub") || os.ExpandEnv("${"+key+"}!") != "sub!" {
			t.Error("not in Environ or ExpandEnv")
		}
	})
	if v, ok := os.LookupEnv(key); ok {
		t.Errorf("%s=%q after the subtest", key, v)
	}
	t.Setenv("HOME", "/nowhere")
	t.Cleanup(func() {
		if os.Getenv("HOME") != "/nowhere" {
			t.Error("HOME restored before a later cleanup")
		}
	})
	if err := os.Setenv("A=B", "x"); err == nil || err.Error() != "setenv: invalid argument" {
		t.Errorf("os.Setenv(\"A=B\"): %v", err)
	}
}

// TestEnvPerExecution: each execution starts from the same environment,
// whatever the others set.
func TestEnvPerExecution(t *testing.T) {
	os.Setenv(key, os.Getenv(key)+"x")
	if v := os.Getenv(key); v != "x" {
		t.Errorf("%s=%q: an earlier execution's environment", key, v)
	}
}

func TestSetenvParallel(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "can not use t.Parallel") {
			t.Errorf("recovered %v", r)
		}
	}()
	t.Setenv(key, "1")
}

// TestTempDir: each call makes a new directory; they are removed after
// the cleanups registered later and before those registered earlier.
func TestTempDir(t *testing.T) {
	var a string
	t.Cleanup(func() {
		if _, err := os.Stat(a); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s not removed before an earlier cleanup: %v", a, err)
		}
	})
	a, b := t.TempDir(), t.TempDir()
	if a == b || filepath.Dir(a) != filepath.Dir(b) {
		t.Errorf("TempDir: %s and %s", a, b)
	}
	if err := os.WriteFile(filepath.Join(a, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := os.Stat(filepath.Join(a, "f")); err != nil {
			t.Errorf("removed before a later cleanup: %v", err)
		}
	})
}

// TestCleanupOrder: cleanups run last in, first out, a subtest's when it
// ends, the test's after its subtests.
func TestCleanupOrder(t *testing.T) {
	var order []string
	t.Cleanup(func() {
		want := []string{"sub 2", "sub 1", "test 3", "test 2"}
		if !slices.Equal(order, want) {
			t.Errorf("cleanups ran in the order %v, want %v", order, want)
		}
	})
	t.Cleanup(func() { order = append(order, "test 2") })
	t.Run("sub", func(t *testing.T) {
		t.Cleanup(func() { order = append(order, "sub 1") })
		t.Cleanup(func() { order = append(order, "sub 2") })
	})
	t.Cleanup(func() { order = append(order, "test 3") })
	if len(order) != 2 {
		t.Errorf("after the subtest: %v", order)
	}
}

// TestNoDeadline: mcheck test has no -timeout.
func TestNoDeadline(t *testing.T) {
	if d, ok := t.Deadline(); ok || !d.IsZero() {
		t.Errorf("t.Deadline() = %v, %v", d, ok)
	}
	_ = time.Now()
}

// TestStdin: standard input is empty.
func TestStdin(t *testing.T) {
	s, err := ReadInput()
	if s != "" || err != nil {
		t.Errorf("ReadInput() = %q, %v", s, err)
	}
	buf := make([]byte, 8)
	if n, err := os.Stdin.Read(buf); n != 0 || err != io.EOF {
		t.Errorf("os.Stdin.Read = %d, %v", n, err)
	}
	sc := bufio.NewScanner(os.Stdin)
	if sc.Scan() {
		t.Errorf("scanned %q", sc.Text())
	}
	if os.Stdin.Name() != "/dev/stdin" {
		t.Errorf("os.Stdin.Name() = %q", os.Stdin.Name())
	}
}

// TestTempDirLeak: a test that makes a directory and then deadlocks
// (a bug), so that its cleanups never run: the directory is removed all
// the same when the execution ends.
func TestTempDirLeak(t *testing.T) {
	os.WriteFile(filepath.Join(t.TempDir(), "f"), []byte("x"), 0o644)
	var mu sync.Mutex
	mu.Lock()
	go func() { mu.Lock() }()
	mu.Lock()
}

// TestOwnOption passes an option mcheck test cannot read (not one of
// package mcheck's): mcheck could not run it, exit status 2.
func TestOwnOption(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {}, own{mcheck.Seed(3)})
}

// own is an option type of the test's own, wrapping one of package
// mcheck's.
type own struct{ mcheck.Option }

// TestOutputAttrArtifact: t.Output, t.Attr and t.ArtifactDir work.
func TestOutputAttrArtifact(t *testing.T) {
	fmt.Fprint(t.Output(), "partial ")
	fmt.Fprintln(t.Output(), "line")
	t.Attr("key", "value")
	d := t.ArtifactDir()
	if d != t.ArtifactDir() {
		t.Error("ArtifactDir changed")
	}
	if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
		t.Errorf("ArtifactDir %s: %v", d, err)
	}
}

// TestChdir: t.Chdir would move the whole mcheck process: refused.
func TestChdir(t *testing.T) {
	t.Chdir(t.TempDir())
}

// TestParallelDefer closes the DB with defer: the parallel subtests run
// after the test function returned, on a closed DB (a classic bug; go
// test fails it every time).
func TestParallelDefer(t *testing.T) {
	db := Open()
	defer db.Close()
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if !db.Query() {
				t.Error("query on a closed DB")
			}
		})
	}
}

// TestParallelCleanup closes it with t.Cleanup, after the subtests; the
// subtests run after the function returned, and t.Run returns at once.
func TestParallelCleanup(t *testing.T) {
	db := Open()
	t.Cleanup(db.Close)
	var mu sync.Mutex
	var order []string
	add := func(s string) {
		mu.Lock()
		order = append(order, s)
		mu.Unlock()
	}
	for _, name := range []string{"a", "b"} {
		if !t.Run(name, func(t *testing.T) {
			t.Parallel()
			add(name)
			if !db.Query() {
				t.Error("query on a closed DB")
			}
		}) {
			t.Error("t.Run of a parallel subtest returned false")
		}
	}
	t.Cleanup(func() {
		if len(order) != 3 || order[0] != "returned" {
			t.Errorf("order %v: the subtests ran before the test function returned", order)
		}
	})
	add("returned")
}

// TestParallelRace: two parallel subtests update a counter without a
// lock: they run at the same time, a data race.
func TestParallelRace(t *testing.T) {
	hits := 0
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			hits++
		})
	}
}

// TestStackOfTestRunner: runtime.Stack shows a test waiting for its
// subtest, and a parallel subtest paused until its parent's serial
// subtests are done, as Go does: "chan receive" with testing.(*T).Run or
// testing.(*T).Parallel on top (goleak.VerifyNone ignores goroutines by
// that), the waiting test at the line of its t.Run.
func TestStackOfTestRunner(t *testing.T) {
	t.Run("parallel", func(t *testing.T) {
		t.Parallel()
	})
	here := func() int { _, _, line, _ := runtime.Caller(1); return line }
	runLine := here() + 1
	t.Run("serial", func(t *testing.T) { // the parent waits here
		block := make(chan int)
		defer close(block)
		here := here() + 1
		go func() { <-block }()
		runtime.Gosched()
		buf := make([]byte, 1<<16)
		stacks := strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n")
		const created = "created by github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/tmodel.TestStackOfTestRunner.func3 in goroutine "
		var run, parallel, ours bool
		for _, s := range stacks[1:] {
			if i := strings.Index(s, created); i >= 0 && strings.Contains(s[i:], "tmodel_test.go:"+strconv.Itoa(here)) {
				ours = true
			}
		}
		if !ours {
			t.Errorf("no goroutine created by the subtest at line %d in:\n%s", here, strings.Join(stacks, "\n\n"))
		}
		for _, s := range stacks[1:] {
			lines := strings.Split(s, "\n")
			if len(lines) < 3 {
				continue
			}
			switch {
			case strings.HasSuffix(lines[0], "[chan receive]:") && strings.HasPrefix(lines[1], "testing.(*T).Run("):
				run = run || len(lines) > 4 && strings.Contains(lines[3], "TestStackOfTestRunner(") && strings.Contains(lines[4], "tmodel_test.go:"+strconv.Itoa(runLine))
			case strings.HasSuffix(lines[0], "[chan receive]:") && strings.HasPrefix(lines[1], "testing.(*T).Parallel("):
				parallel = true
			}
		}
		if !run || !parallel {
			t.Errorf("no parent in t.Run at line %d (%v) or paused parallel subtest (%v) in:\n%s", runLine, run, parallel, strings.Join(stacks, "\n\n"))
		}
	})
}
