package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// clock is a fake clock that moves by step at every reading.
type clock struct {
	t    time.Time
	step time.Duration
}

func (c *clock) now() time.Time {
	c.t = c.t.Add(c.step)
	return c.t
}

// runResult is the result of a check of a test that ran n executions in
// d, with a bug if found.
func runResult(n int, d time.Duration, found bool) *check.Result {
	rep := &sched.Report{Strategy: "portfolio", Executions: n, Elapsed: d}
	if found {
		rep.Failure = &sched.Failure{Kind: sched.DataRace}
	}
	return &check.Result{Run: &check.RunReport{Report: rep}}
}

// suiteOf runs two packages through p: fixture/good with one clean
// test, fixture/racy with a bug, a clean test and one mcheck could not
// run; fixture/broken does not load, fixture/none has no test to run. Each reading of the clock moves it
// by 100ms (the start and the end of a package, and with a live line
// each redrawing and test).
func suiteOf(p *progress) {
	p.startPackage("fixture/good")
	p.loaded(1)
	p.startTest("TestAdd")
	p.endTest(runResult(2000, time.Second, false))
	p.endPackage()
	p.startPackage("fixture/broken")
	p.endPackage()
	p.startPackage("fixture/none")
	p.loaded(0)
	p.endPackage()
	p.startPackage("fixture/racy")
	p.loaded(3)
	p.startTest("TestCounter")
	p.endTest(runResult(1, time.Millisecond, true))
	p.startTest("TestQuiet")
	p.endTest(runResult(1499, 2*time.Second, false))
	p.startTest("TestNative")
	p.endTest(&check.Result{Err: errors.New("unsupported")})
	p.endPackage()
	p.table()
}

// TestProgressPlain: not on a terminal, each package that loaded prints
// one line when it is done, go test's way, and the table closes the
// run; nothing is redrawn.
func TestProgressPlain(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	c := &clock{t: time.Unix(0, 0), step: 100 * time.Millisecond}
	suiteOf(newProgress(&out, false, c.now))
	want := `ok    fixture/good  1 test, 2,000 executions (2,000/s), 200ms
ok    fixture/none  [no tests to run]
FAIL  fixture/racy  3 tests, 1 with a bug, 1 mcheck could not run, 1,500 executions (749/s), 400ms
package       tests  bugs  clean  could not run  executions  executions/s   time
fixture/good      1     0      1              0       2,000         2,000  200ms
fixture/none      0     0      0              0           0             0  100ms
fixture/racy      3     1      1              1       1,500           749  400ms
`
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestProgressLive: on a terminal, the package's line is redrawn in
// place (a carriage return and erase to the end of the line) at each
// event, cleared before any other output, and left as the package's
// summary line when it is done.
func TestProgressLive(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	c := &clock{t: time.Unix(0, 0), step: 100 * time.Millisecond}
	p := newProgress(&out, true, c.now)
	p.startPackage("fixture/racy")
	p.loaded(2)
	p.startTest("TestCounter")
	fmt.Fprint(p.writer(&out), "=== TestCounter (fixture/racy)\n")
	p.endTest(runResult(1000, 500*time.Millisecond, true))
	p.startTest("TestQuiet")
	p.endPackage()
	const clear = "\r\033[K"
	want := strings.Join([]string{
		"fixture/racy loading; 0s",
		clear + "fixture/racy 0/2 tests; 0s",
		clear + "fixture/racy 0/2 tests; TestCounter 0s",
		clear + "=== TestCounter (fixture/racy)\n",
		"fixture/racy 1/2 tests, 1 bug, 2,000 exec/s; 0s",
		clear + "fixture/racy 1/2 tests, 1 bug, 1,666 exec/s; TestQuiet 0s", // 1,000 in 500ms, none yet in 100ms
		clear + "FAIL  fixture/racy  2 tests, 1 with a bug, 1,000 executions (2,000/s), 800ms\n",
	}, "")
	if out.String() != want {
		t.Errorf("got:\n%q\nwant:\n%q", out.String(), want)
	}
}

// TestProgressLines: the live line says how long the running test has
// run, counts its executions so far in the rate, and stays within a
// terminal's 80 columns; numbers are spelt with thousands separators.
func TestProgressLines(t *testing.T) {
	t.Parallel()
	start := time.Unix(0, 0)
	r := &pkgRun{pkg: "example.com/a/very/long/module/path/with/many/elements/pkg", tests: 12, done: 3, bugs: 1,
		execs: 1234567, checking: 10 * time.Second, start: start, test: "TestSomethingRatherLong", testStart: start}
	line := r.liveLine(start.Add(75*time.Second), 0)
	if n := len([]rune(line)); n > liveWidth || !strings.HasSuffix(line, "…") {
		t.Errorf("a long line is %d runes: %q", n, line)
	}
	r.pkg = "fixture/racy"
	// 1,234,567 executions in the 10s of the checks done, 250,000 in the
	// 15s of the one running.
	if got, want := r.liveLine(start.Add(15*time.Second), 250000), "fixture/racy 3/12 tests, 1 bug, 59,382 exec/s; TestSomethingRatherLong 15s"; got != want {
		t.Errorf("live line %q, want %q", got, want)
	}
	r.test = ""
	if got, want := r.liveLine(start.Add(75*time.Second), 0), "fixture/racy 3/12 tests, 1 bug, 123,456 exec/s; 1m15s"; got != want {
		t.Errorf("between tests: %q, want %q", got, want)
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if plural(1, "test") != "1 test" || plural(2000, "execution") != "2,000 executions" {
		t.Errorf("plural: %q %q", plural(1, "test"), plural(2000, "execution"))
	}
}

// TestIsTerminal: a buffer, a regular file and TERM=dumb are not
// terminals.
func TestIsTerminal(t *testing.T) {
	t.Parallel()
	env := func(string) string { return "" }
	if isTerminal(&bytes.Buffer{}, env) {
		t.Error("a buffer is a terminal")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f, env) {
		t.Error("a regular file is a terminal")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !isTerminal(tty, env) || isTerminal(tty, func(string) string { return "dumb" }) {
			t.Error("/dev/tty, with TERM unset and TERM=dumb")
		}
	}
}
