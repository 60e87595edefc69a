package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
)

// progress shows how a run of mcheck test goes, package by package, as
// go test prints a line per package. On a terminal (live), the package
// being explored has one line redrawn in place: its tests done of its
// tests, the bugs so far, executions per second of its finished checks,
// the test running and for how long; every other output clears it first
// (progress.writer), and it is redrawn at the next event or second.
// Once the package is done, the line stays as its summary ("ok", "FAIL"
// with bugs, "ERROR" when only mcheck could not run some), which is all
// a run that is not on a terminal prints of it. A table of the packages
// closes the run.
type progress struct {
	out  io.Writer // the package lines and the table
	live bool
	now  func() time.Time

	// executed counts the executions of the test running as they end
	// (sched.Options.Executed), for the live line's rate.
	executed atomic.Int64

	mu    sync.Mutex
	shown bool // a live line is on the screen, the cursor at its end
	pkgs  []*pkgRun
	cur   *pkgRun
	stop  chan struct{} // ends the current package's ticker
	wg    sync.WaitGroup
}

// pkgRun is one package of the run.
type pkgRun struct {
	pkg                 string
	tests               int // matching tests; -1 while loading
	done                int
	bugs, clean, cannot int
	execs               int           // executions of the finished checks
	checking            time.Duration // the time they took
	start, end          time.Time
	test                string // the test running ("" between tests)
	testStart           time.Time
}

// liveWidth bounds a live line: a longer one would wrap, and the
// carriage return that redraws it would go back to its last row only.
const liveWidth = 79

// isTerminal reports whether w is a terminal (a character device), as
// tools without a terminal library tell; TERM=dumb is not one.
func isTerminal(w io.Writer, getenv func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func newProgress(out io.Writer, live bool, now func() time.Time) *progress {
	return &progress{out: out, live: live, now: now}
}

// writer returns w, which clears the live line before each write.
func (p *progress) writer(w io.Writer) io.Writer {
	if !p.live {
		return w
	}
	return clearing{p, w}
}

type clearing struct {
	p *progress
	w io.Writer
}

func (c clearing) Write(b []byte) (int, error) {
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	c.p.clear()
	return c.w.Write(b)
}

// clear erases the live line (mu held).
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.out, "\r\033[K")
		p.shown = false
	}
}

// draw redraws the live line of the current package (mu held).
func (p *progress) draw() {
	if !p.live || p.cur == nil {
		return
	}
	p.clear()
	fmt.Fprint(p.out, p.cur.liveLine(p.now(), int(p.executed.Load())))
	p.shown = true
}

// startPackage starts the package pkg, being loaded.
func (p *progress) startPackage(pkg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur = &pkgRun{pkg: pkg, tests: -1, start: p.now()}
	p.draw()
	if p.live {
		p.stop = make(chan struct{})
		p.wg.Add(1)
		go p.tick(p.stop)
	}
}

// tick redraws the live line every second until stop is closed.
func (p *progress) tick(stop chan struct{}) {
	defer p.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// loaded says the current package loaded, with tests matching tests.
func (p *progress) loaded(tests int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur.tests = tests
	p.draw()
}

// startTest says the test name of the current package starts.
func (p *progress) startTest(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur.test, p.cur.testStart = name, p.now()
	p.executed.Store(0)
	p.draw()
}

// endTest counts the outcome of the current test.
func (p *progress) endTest(res *check.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.cur
	r.done++
	r.test = ""
	switch {
	case res.Err != nil:
		r.cannot++
	case res.Found():
		r.bugs++
	default:
		r.clean++
	}
	execs, took := figures(res)
	r.execs += execs
	r.checking += took
	p.draw()
}

// figures returns the executions of a check and the time it took.
func figures(res *check.Result) (int, time.Duration) {
	switch {
	case res.Run != nil && res.Run.Report != nil:
		return res.Run.Executions, res.Run.Elapsed
	case res.Component != nil:
		return res.Component.Executions, res.Component.Elapsed
	}
	return 0, 0
}

// endPackage ends the current package: its line stays (if it loaded).
func (p *progress) endPackage() {
	p.mu.Lock()
	stop := p.stop
	p.stop = nil
	p.mu.Unlock()
	if stop != nil {
		close(stop)
		p.wg.Wait()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	if r := p.cur; r.tests >= 0 {
		r.end = p.now()
		fmt.Fprintln(p.out, r.doneLine())
		p.pkgs = append(p.pkgs, r)
	}
	p.cur = nil
}

// liveLine is the live line of r at now, at most liveWidth wide, with
// running executions ended so far in the test running: "fixture/racy
// 1/2 tests, 1 bug, 1,234 exec/s; TestQuiet 3s". The rate is that of
// the package's checks, the running one's so far included.
func (r *pkgRun) liveLine(now time.Time, running int) string {
	var b strings.Builder
	b.WriteString(r.pkg)
	if r.tests < 0 {
		b.WriteString(" loading")
	} else {
		fmt.Fprintf(&b, " %d/%d tests", r.done, r.tests)
		if r.bugs > 0 {
			fmt.Fprintf(&b, ", %s", plural(r.bugs, "bug"))
		}
		execs, checking := r.execs, r.checking
		if r.test != "" {
			execs, checking = execs+running, checking+now.Sub(r.testStart)
		}
		if checking > 0 && execs > 0 {
			fmt.Fprintf(&b, ", %s exec/s", thousands(rate(execs, checking)))
		}
	}
	if r.test != "" {
		fmt.Fprintf(&b, "; %s %v", r.test, now.Sub(r.testStart).Truncate(time.Second))
	} else {
		fmt.Fprintf(&b, "; %v", now.Sub(r.start).Truncate(time.Second))
	}
	line := []rune(b.String())
	if len(line) > liveWidth {
		return string(line[:liveWidth-1]) + "…"
	}
	return string(line)
}

// doneLine is r's line once it is done: "ok    fixture/good  1 test,
// 200 executions (1,234/s), 0.2s", FAIL with bugs, ERROR when only
// mcheck could not run some.
func (r *pkgRun) doneLine() string {
	if r.tests == 0 {
		return fmt.Sprintf("%-5s %s  [no tests to run]", "ok", r.pkg) // as go test says
	}
	verdict := "ok"
	switch {
	case r.bugs > 0:
		verdict = "FAIL"
	case r.cannot > 0:
		verdict = "ERROR"
	}
	parts := []string{plural(r.tests, "test")}
	if r.bugs > 0 {
		parts = append(parts, fmt.Sprintf("%d with a bug", r.bugs))
	}
	if r.cannot > 0 {
		parts = append(parts, fmt.Sprintf("%d mcheck could not run", r.cannot))
	}
	execs := plural(r.execs, "execution")
	if r.checking > 0 {
		execs += fmt.Sprintf(" (%s/s)", thousands(r.rate()))
	}
	parts = append(parts, execs, r.took().String())
	return fmt.Sprintf("%-5s %s  %s", verdict, r.pkg, strings.Join(parts, ", "))
}

// took is how long r took, loading included.
func (r *pkgRun) took() time.Duration { return r.end.Sub(r.start).Round(100 * time.Millisecond) }

// rate is r's executions per second of checking.
func (r *pkgRun) rate() int { return rate(r.execs, r.checking) }

// rate is n executions in d, per second.
func rate(n int, d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int(float64(n) / d.Seconds())
}

// table writes the table of the packages done, if any.
func (p *progress) table() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pkgs) == 0 {
		return
	}
	// Numbers align right, two spaces at least before each; the names,
	// padded to one width, left.
	width := len("package")
	for _, r := range p.pkgs {
		width = max(width, len(r.pkg))
	}
	w := tabwriter.NewWriter(p.out, 0, 0, 0, ' ', tabwriter.AlignRight)
	row := func(cells ...string) {
		fmt.Fprintf(w, "%-*s\t", width, cells[0])
		for _, c := range cells[1:] {
			fmt.Fprintf(w, "  %s\t", c)
		}
		fmt.Fprintln(w)
	}
	row("package", "tests", "bugs", "clean", "could not run", "executions", "executions/s", "time")
	for _, r := range p.pkgs {
		row(r.pkg, strconv.Itoa(r.tests), strconv.Itoa(r.bugs), strconv.Itoa(r.clean), strconv.Itoa(r.cannot),
			thousands(r.execs), thousands(r.rate()), r.took().String())
	}
	w.Flush()
}

// plural spells n things: "1 test", "2 tests".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return thousands(n) + " " + thing + "s"
}

// thousands spells n with commas between thousands: 12,345.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
