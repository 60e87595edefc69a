package sched

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Format writes the failure as mcheck reports it: the headline (see
// Headline), the rest of the runtime's words, where each blocked goroutine is, the interleaving as a
// table with one column per goroutine, and the replay command (replay
// completes it with the token). The report is bounded (under 200 lines
// of at most a few hundred characters whatever the execution, but for
// the replay line, whose token grows with the choices made): a long
// trace shows its first and last steps, the table has columns for the
// goroutines that matter (those of a race, those that moved last, those
// left blocked) and puts the steps of the others in one column, many
// blocked goroutines are grouped by where they are, and the report says
// what it left out. Options.TraceFile writes the whole trace to a file
// (WriteTrace).
func (f *Failure) Format(replay string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", f.Headline())
	if rest := restOfMessage(f.Message); rest != "" {
		fmt.Fprintf(&b, "  %s\n", firstLines(rest, 5))
	}
	if r := f.Race; r != nil {
		w := accessOp(r.Current)
		if !strings.HasPrefix(w, "sync.") {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		fmt.Fprintf(&b, "  %s at %s by goroutine %d: %s\n", w, r.Current.Pos, r.Current.Goroutine, r.Current.Func)
		if st := strings.TrimSpace(r.Current.Stack); st != "" {
			fmt.Fprintf(&b, "    %s\n", strings.ReplaceAll(firstLines(st, maxStackLines), "\n  ", "\n    "))
		}
		fmt.Fprintf(&b, "  Previous %s at %s by goroutine %d: %s\n", accessOp(r.Previous), r.Previous.Pos, r.Previous.Goroutine, r.Previous.Func)
		for _, g := range f.Goroutines {
			if g.Created != "" {
				fmt.Fprintf(&b, "  goroutine %d created at %s\n", g.ID, g.Created)
			}
		}
	} else {
		f.writeGoroutines(&b)
	}
	if f.Timing != "" {
		fmt.Fprintf(&b, "%s\n", f.Timing)
	}
	if f.Environment != "" {
		fmt.Fprintf(&b, "environment: %s\n", strings.ReplaceAll(firstLines(f.Environment, maxEnvLines), "\n  ", "\n             "))
	}
	if len(f.Trace) > 0 {
		b.WriteString(f.table())
	} else if f.NoTrace != "" {
		fmt.Fprintf(&b, "schedule: %s\n", f.NoTrace)
	}
	if replay != "" {
		fmt.Fprintf(&b, "replay: %s\n", strings.ReplaceAll(replay, "TOKEN", f.Schedule.Token()))
	}
	return b.String()
}

// Headline returns the first line of the failure's report, short and
// stable for tools that annotate a test's first line of failure:
// "mcheck: KIND: the first line of the message", cut with "…" past
// maxHeadline characters (the rest follows in the report).
func (f *Failure) Headline() string {
	line, _ := splitHeadline(f.Message)
	return fmt.Sprintf("mcheck: %s: %s", f.Kind, line)
}

// splitHeadline splits msg into the part the headline shows and the
// rest, which the report shows under it ("…" and the rest of a first
// line that was cut, then the other lines).
func splitHeadline(msg string) (head, rest string) {
	msg = strings.TrimRight(msg, "\n")
	head, rest, _ = strings.Cut(msg, "\n")
	if r := []rune(head); len(r) > maxHeadline {
		cut := maxHeadline
		if i := strings.LastIndexByte(string(r[:cut]), ' '); i > maxHeadline/2 {
			cut = len([]rune(string(r[:cut])[:i]))
		}
		tail := strings.TrimLeft(string(r[cut:]), " ")
		head = strings.TrimRight(string(r[:cut]), " ") + " …"
		if rest != "" {
			tail += "\n" + rest
		}
		rest = "… " + tail
	}
	return head, rest
}

// restOfMessage is what the headline of a failure with message msg
// leaves out.
func restOfMessage(msg string) string {
	_, rest := splitHeadline(msg)
	return rest
}

// Bounds of a report (see Format).
const (
	maxHeadline       = 160 // characters of the message in the headline
	maxStackLines     = 16  // of a race's stack
	maxEnvLines       = 16  // of an environment's description
	maxGoroutineLines = 20  // blocked goroutines listed one by one
	maxColumns        = 8   // goroutines with a column of their own
	othersWidth       = 48  // of the column of the others
)

// writeGoroutines lists the blocked goroutines, one line each; more than
// maxGoroutineLines are grouped by where they are (operation, position,
// function and creation site), and the groups listed up to that bound.
func (f *Failure) writeGoroutines(b *strings.Builder) {
	line := func(ids string, g ssainterp.Goroutine) {
		fmt.Fprintf(b, "  %s [%s]: %s %s", ids, g.Op, g.Pos, g.Func)
		if g.Created != "" {
			fmt.Fprintf(b, "  ← created at %s", g.Created)
		}
		b.WriteString("\n")
	}
	if len(f.Goroutines) <= maxGoroutineLines {
		for _, g := range f.Goroutines {
			line(fmt.Sprintf("goroutine %d", g.ID), g)
		}
		return
	}
	type group struct {
		first ssainterp.Goroutine
		ids   []int
	}
	var groups []*group
	index := map[[4]string]*group{}
	for _, g := range f.Goroutines {
		k := [4]string{g.Op, g.Pos, g.Func, g.Created}
		if index[k] == nil {
			index[k] = &group{first: g}
			groups = append(groups, index[k])
		}
		index[k].ids = append(index[k].ids, g.ID)
	}
	shown := 0
	for i, gr := range groups {
		if i == maxGoroutineLines {
			fmt.Fprintf(b, "  ... and %d more goroutines elsewhere\n", len(f.Goroutines)-shown)
			break
		}
		shown += len(gr.ids)
		if len(gr.ids) == 1 {
			line(fmt.Sprintf("goroutine %d", gr.ids[0]), gr.first)
			continue
		}
		line(fmt.Sprintf("%d goroutines (%s)", len(gr.ids), idList(gr.ids, 5)), gr.first)
	}
}

// idList spells ids, the first n of them: "3, 4, 5, ... 17".
func idList(ids []int, n int) string {
	var parts []string
	for i, id := range ids {
		if i == n && len(ids) > n+1 {
			parts = append(parts, "...", strconv.Itoa(ids[len(ids)-1]))
			break
		}
		parts = append(parts, strconv.Itoa(id))
	}
	return strings.Join(parts, ", ")
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

// shownStep reports whether Format shows step i of a trace of n steps.
func shownStep(i, n int) bool {
	return n <= traceHead+traceTail || i < traceHead || i >= n-traceTail
}

// columns picks the goroutines that get a column of their own in the
// table: among those that perform a step shown, at most maxColumns, by
// how much they matter: the two sides of a race, then the goroutines
// left blocked (Failure.Goroutines), then the others; within each, those
// with more steps shown, then those that moved last. It returns them
// sorted (the clock's column last), and whether some goroutine of the
// steps shown has none.
func (f *Failure) columns() (ids []int, others bool) {
	type rank struct {
		id, class, steps, last int
	}
	byID := map[int]*rank{}
	var ranks []*rank
	n := len(f.Trace)
	for i, s := range f.Trace {
		if !shownStep(i, n) {
			continue
		}
		r := byID[s.G]
		if r == nil {
			r = &rank{id: s.G}
			byID[s.G] = r
			ranks = append(ranks, r)
		}
		r.steps++
		r.last = i
	}
	for _, g := range f.Goroutines {
		if r := byID[g.ID]; r != nil {
			r.class = 1
		}
	}
	if rc := f.Race; rc != nil {
		for _, id := range []int{rc.Current.Goroutine, rc.Previous.Goroutine} {
			if r := byID[id]; r != nil {
				r.class = 2
			}
		}
	}
	slices.SortStableFunc(ranks, func(a, b *rank) int {
		return cmp.Or(b.class-a.class, b.steps-a.steps, b.last-a.last)
	})
	if len(ranks) > maxColumns {
		ranks, others = ranks[:maxColumns], true
	}
	for _, r := range ranks {
		ids = append(ids, r.id)
	}
	slices.Sort(ids)
	if len(ids) > 0 && ids[0] == Clock {
		ids = append(ids[1:], Clock) // the clock's column last
	}
	return ids, others
}

// table formats the trace with one column per goroutine that matters
// (see columns) and, if some have none, a last column "others" whose
// cells name their goroutine.
func (f *Failure) table() string {
	ids, others := f.columns()
	col := map[int]int{}
	for i, id := range ids {
		col[id] = i
	}
	n := len(f.Trace)
	cells := make([]string, n)
	width := 4
	for i, s := range f.Trace {
		if !shownStep(i, n) {
			continue
		}
		cells[i] = strings.TrimSpace(s.Pos + " " + strings.TrimPrefix(s.Op, "sync."))
		if _, ok := col[s.G]; ok {
			width = max(width, len(cells[i])+2)
		}
	}
	width = min(width, 40)
	var b strings.Builder
	fmt.Fprintf(&b, "schedule: %d steps, %d context switches\n", n, switches(f.Trace))
	head := "  #  "
	for _, id := range ids {
		head += fmt.Sprintf("%-*s", width, goroutineName(id))
	}
	if others {
		head += "others"
	}
	b.WriteString(strings.TrimRight(head, " ") + "\n")
	for i, s := range f.Trace {
		if !shownStep(i, n) {
			if i == traceHead {
				fmt.Fprintf(&b, "     ... %d steps ...\n", n-traceHead-traceTail)
			}
			continue
		}
		cell, limit, indent := cells[i], width-2, 0
		if c, ok := col[s.G]; ok {
			indent = width * c
		} else {
			cell, limit, indent = goroutineName(s.G)+" "+cell, othersWidth, width*len(ids)
		}
		if len(cell) > limit {
			cell = cell[:limit]
		}
		line := fmt.Sprintf("%3d  %s%s", i+1, strings.Repeat(" ", indent), cell)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	if hidden := f.hidden(ids); hidden != "" {
		b.WriteString(hidden)
	}
	return b.String()
}

// hidden says what the table left out ("not shown: 19,400 of 20,000
// steps, and the columns of 992 of 1,000 goroutines"), and where the
// whole trace is; "" when it shows everything.
func (f *Failure) hidden(ids []int) string {
	n := len(f.Trace)
	all := map[int]bool{}
	for _, s := range f.Trace {
		all[s.G] = true
	}
	var parts []string
	if n > traceHead+traceTail {
		parts = append(parts, fmt.Sprintf("%d of %d steps", n-traceHead-traceTail, n))
	}
	if len(all) > len(ids) {
		parts = append(parts, fmt.Sprintf("the columns of %d of %d goroutines (their steps shown are under others)", len(all)-len(ids), len(all)))
	}
	if len(parts) == 0 {
		if f.TraceFile != "" {
			return "full trace: " + traceFileNote(f.TraceFile) + "\n"
		}
		return ""
	}
	where := "rerun with -mcheck.trace=full under go test, -trace=full under mcheck test (or =view, for a trace viewer)"
	if f.TraceFile != "" {
		where = traceFileNote(f.TraceFile)
	}
	return fmt.Sprintf("not shown: %s; full trace: %s\n", strings.Join(parts, ", and "), where)
}

// ViewTraceSuffix ends the name of a trace written for a viewer
// (WriteTraceEvents) rather than as text (WriteTrace).
const ViewTraceSuffix = ".trace.json"

// traceFileNote names a trace file, and for a viewer's, the viewers.
func traceFileNote(file string) string {
	if strings.HasSuffix(file, ViewTraceSuffix) {
		return file + " (trace events: open in ui.perfetto.dev or Chrome DevTools' Performance panel)"
	}
	return file
}

// goroutineName is a goroutine's name in a trace: "g3", or "clock".
func goroutineName(id int) string {
	if id == Clock {
		return "clock"
	}
	return "g" + strconv.Itoa(id)
}

// WriteTrace writes f's whole trace to w: the report (Format) and then
// every step, one per line: step number, goroutine, position, operation.
func (f *Failure) WriteTrace(w io.Writer, replay string) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(f.Format(replay))
	fmt.Fprintf(bw, "\nfull trace: %d steps\n", len(f.Trace))
	for i, s := range f.Trace {
		fmt.Fprintf(bw, "%6d  %-6s %s %s\n", i+1, goroutineName(s.G), s.Pos, s.Op)
	}
	return bw.Flush()
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n  ")
}

// Summary says what a clean exploration did: "2000 executions
// (random+pct) in 1.2s, no bug", "explored all 126 schedules (dfs), no
// bug", with the inconclusive executions counted when there are any.
func (r *Report) Summary() string {
	s := fmt.Sprintf("%d executions (%s) in %v, no bug", r.Executions, r.By(), r.Elapsed.Round(time.Millisecond))
	if r.Exhausted {
		s = fmt.Sprintf("explored all %d schedules (%s), no bug", r.Executions, r.By())
	}
	if r.StateHits > 0 {
		s += fmt.Sprintf("; %d executions cut at a state already seen", r.StateHits)
	}
	s += r.coverage()
	switch {
	case r.Inconclusive > r.Executions:
		s += fmt.Sprintf("; but most executions did not finish: %d of %d were inconclusive (still making progress when the step budget and the fair scheduler's were spent: raise the step bound), and the verdict covers only the %d that finished",
			r.Inconclusive, r.Inconclusive+r.Executions, r.Executions)
	case r.Inconclusive > 0:
		s += fmt.Sprintf("; %d executions inconclusive (still making progress when the step budget and the fair scheduler's were spent: raise the step bound)", r.Inconclusive)
	}
	if r.Slack > 0 {
		s += fmt.Sprintf("; %d executions with a failed assertion discarded as timing slack (each needed a goroutine to stall past the timer horizon; one %s)", r.Slack, r.SlackExample)
	}
	if r.Interrupted != "" {
		s += "; the time budget cut an execution at " + r.Interrupted
	}
	return s
}

// coverage says what the executions covered (Report.Pairs), "" if
// coverage was not counted: "; 212 ordering pairs covered, none new in
// the last 9000 executions", and that the search stopped there when it
// saturated.
func (r *Report) coverage() string {
	if r.Pairs == 0 && !r.Saturated {
		return ""
	}
	s := fmt.Sprintf("; %d ordering pairs covered, none new in the last %d executions", r.Pairs, r.PairsStale)
	switch r.PairsStale {
	case 0:
		s = fmt.Sprintf("; %d ordering pairs covered, still growing at the end", r.Pairs)
	case 1:
		s = fmt.Sprintf("; %d ordering pairs covered, none new in the last execution", r.Pairs)
	}
	if r.Saturated {
		s += " (saturated: stopped before the budget)"
	}
	return s
}

// By names what explored: the strategy, and the shard if the
// exploration was split ("random+pct, shard 3/4").
func (r *Report) By() string {
	if r.Shard.Whole() {
		return r.Strategy
	}
	return r.Strategy + ", shard " + r.Shard.String()
}

// Summary is the first line of f's report: a panic's first panic (or
// fatal error), made from its facts, or Message's first line.
func (f *Failure) Summary() string {
	if f.Panic != nil {
		return f.Panic.Head()
	}
	first, _, _ := strings.Cut(f.Message, "\n")
	return first
}
