package check

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// What the explored program prints (os.Stdout, os.Stderr, the log
// package) is each execution's own: sched keeps it with a failure
// (Failure.Stdout, Stderr), and the report shows it bounded. A clean
// check shows nothing of it, but for the output of its last execution
// when asked (-v, Config.Output).

// Bounds of the program output a report shows.
const (
	maxOutputLines = 40  // the last lines are shown
	maxOutputLine  = 300 // characters of a line
	maxOutputKept  = 64 << 10
)

// tail keeps the last maxOutputKept bytes or so written to it, and
// counts what it dropped.
type tail struct {
	b       []byte
	dropped int // bytes dropped from the front
}

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*maxOutputKept {
		cut := len(t.b) - maxOutputKept
		t.dropped += cut
		t.b = append(t.b[:0], t.b[cut:]...)
	}
	return len(p), nil
}

// lastOutput keeps the output of the execution that started last.
type lastOutput struct {
	mu   sync.Mutex
	seq  int
	last *tail
}

// watch returns target with each execution's output teed to a tail of
// its own; o keeps the last execution's.
func (o *lastOutput) watch(target sched.Target) sched.Target {
	start := target.Start
	target.Start = func(m *ssainterp.Machine) error {
		t := &tail{}
		m.TeeOutput(t)
		o.mu.Lock()
		o.seq++
		o.last = t
		o.mu.Unlock()
		return start(m)
	}
	return target
}

// text returns the last execution's output, bounded (see showOutput).
func (o *lastOutput) text() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.last == nil {
		return ""
	}
	return boundOutput(string(o.last.b), o.last.dropped)
}

// boundOutput returns out, the output of an execution of which dropped
// bytes were cut from the front already, as a report shows it: its last
// maxOutputLines lines, each cut at maxOutputLine characters, after a
// line that says what was left out.
func boundOutput(out string, dropped int) string {
	out = strings.TrimRight(out, "\n")
	if strings.TrimSpace(out) == "" {
		return ""
	}
	lines := strings.Split(out, "\n")
	if dropped > 0 && len(lines) > 1 {
		lines = lines[1:] // a partial line
	}
	var b strings.Builder
	if n := len(lines) - maxOutputLines; n > 0 || dropped > 0 {
		cut := max(n, 0)
		lines = lines[cut:]
		switch {
		case dropped > 0:
			fmt.Fprintf(&b, "[%d earlier bytes and %d lines cut: the last %d lines follow]\n", dropped, cut, len(lines))
		default:
			fmt.Fprintf(&b, "[%d earlier lines cut: the last %d lines follow]\n", cut, len(lines))
		}
	}
	for _, l := range lines {
		if r := []rune(l); len(r) > maxOutputLine {
			l = string(r[:maxOutputLine]) + fmt.Sprintf(" …[%d characters cut]", len(r)-maxOutputLine)
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// failureOutput returns what the program printed in the execution of
// f, without the runtime's report of the panic or the deadlock that
// ended it (which the report summarises above it), bounded.
func failureOutput(f *sched.Failure) string {
	return boundOutput(f.Stdout+programStderr(f.Stderr), 0)
}

// programStderr returns stderr without the report the runtime writes
// last when an execution ends in a panic, a fatal error or a deadlock:
// from the last line that starts "panic: ", "fatal error: " or
// "unexpected fault address" (ssainterp's interp.go and machine.go write
// them so; a chain of panics continues with "\tpanic: ") when a
// goroutine dump follows it.
func programStderr(stderr string) string {
	at := -1
	for _, head := range []string{"panic: ", "fatal error: ", "unexpected fault address "} {
		i := strings.LastIndex("\n"+stderr, "\n"+head)
		if i >= 0 && strings.Contains(stderr[i:], "\ngoroutine ") && i > at {
			at = i
		}
	}
	if at < 0 {
		return stderr
	}
	return stderr[:at]
}
