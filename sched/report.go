package sched

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Format writes the failure as mcheck reports it: the kind and the
// runtime's words, where each blocked goroutine is, the interleaving as a
// table with one column per goroutine, and the replay command (replay
// completes it with the token).
func (f *Failure) Format(replay string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "mcheck: %s: %s\n", f.Kind, firstLines(f.Message, 6))
	if r := f.Race; r != nil {
		w := accessOp(r.Current)
		if !strings.HasPrefix(w, "sync.") {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		fmt.Fprintf(&b, "  %s at %s by goroutine %d: %s\n", w, r.Current.Pos, r.Current.Goroutine, r.Current.Func)
		if st := strings.TrimSpace(r.Current.Stack); st != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(st, "\n", "\n    "))
		}
		fmt.Fprintf(&b, "  Previous %s at %s by goroutine %d: %s\n", accessOp(r.Previous), r.Previous.Pos, r.Previous.Goroutine, r.Previous.Func)
		for _, g := range f.Goroutines {
			if g.Created != "" {
				fmt.Fprintf(&b, "  goroutine %d created at %s\n", g.ID, g.Created)
			}
		}
	} else {
		for _, g := range f.Goroutines {
			fmt.Fprintf(&b, "  goroutine %d [%s]: %s %s", g.ID, g.Op, g.Pos, g.Func)
			if g.Created != "" {
				fmt.Fprintf(&b, "  ← created at %s", g.Created)
			}
			b.WriteString("\n")
		}
	}
	if f.Timing != "" {
		fmt.Fprintf(&b, "%s\n", f.Timing)
	}
	if f.Environment != "" {
		fmt.Fprintf(&b, "environment: %s\n", strings.ReplaceAll(f.Environment, "\n", "\n             "))
	}
	if len(f.Trace) > 0 {
		b.WriteString(f.table())
	}
	if replay != "" {
		fmt.Fprintf(&b, "replay: %s\n", strings.ReplaceAll(replay, "TOKEN", f.Schedule.Token()))
	}
	return b.String()
}

// accessOp names what a side of a race did ("write", "atomic read", ...).
func accessOp(a ssainterp.RaceAccess) string {
	if a.Op != "" {
		return a.Op
	}
	if a.Write {
		return "write"
	}
	return "read"
}

// switches counts the steps where another goroutine moves than before.
func switches(trace []Step) int {
	n := 0
	for i := 1; i < len(trace); i++ {
		if trace[i].G != trace[i-1].G {
			n++
		}
	}
	return n
}

// A long trace (a livelock, a bug found after the step budget) is shown
// by its first traceHead and last traceTail steps.
const (
	traceHead = 20
	traceTail = 40
)

// table formats the trace with one column per goroutine.
func (f *Failure) table() string {
	var ids []int
	for _, s := range f.Trace {
		if !slices.Contains(ids, s.G) {
			ids = append(ids, s.G)
		}
	}
	slices.Sort(ids)
	if len(ids) > 0 && ids[0] == Clock {
		ids = append(ids[1:], Clock) // the clock's column last
	}
	col := map[int]int{}
	for i, id := range ids {
		col[id] = i
	}
	cells := make([]string, len(f.Trace))
	width := 4
	for i, s := range f.Trace {
		cells[i] = strings.TrimSpace(s.Pos + " " + strings.TrimPrefix(s.Op, "sync."))
		width = max(width, len(cells[i])+2)
	}
	width = min(width, 40)
	var b strings.Builder
	fmt.Fprintf(&b, "schedule: %d steps, %d context switches\n", len(f.Trace), switches(f.Trace))
	head := "  #  "
	for _, id := range ids {
		name := fmt.Sprintf("g%d", id)
		if id == Clock {
			name = "clock"
		}
		head += fmt.Sprintf("%-*s", width, name)
	}
	b.WriteString(strings.TrimRight(head, " ") + "\n")
	for i, s := range f.Trace {
		if n := len(f.Trace); n > traceHead+traceTail && i >= traceHead && i < n-traceTail {
			if i == traceHead {
				fmt.Fprintf(&b, "     ... %d steps ...\n", n-traceHead-traceTail)
			}
			continue
		}
		cell := cells[i]
		if len(cell) > width-2 {
			cell = cell[:width-2]
		}
		line := fmt.Sprintf("%3d  %s%s", i+1, strings.Repeat(" ", width*col[s.G]), cell)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n  ")
}

// Summary says what a clean exploration did: "2000 executions
// (portfolio) in 1.2s, no bug", "explored all 126 schedules (dfs), no
// bug", with the inconclusive executions counted when there are any.
func (r *Report) Summary() string {
	s := fmt.Sprintf("%d executions (%s) in %v, no bug", r.Executions, r.Strategy, r.Elapsed.Round(time.Millisecond))
	if r.Exhausted {
		s = fmt.Sprintf("explored all %d schedules (%s), no bug", r.Executions, r.Strategy)
	}
	if r.Inconclusive > 0 {
		s += fmt.Sprintf("; %d executions inconclusive (still making progress when the step budget and the fair scheduler's were spent: raise the step bound)", r.Inconclusive)
	}
	return s
}
