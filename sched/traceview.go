package sched

// The failing execution for a trace viewer, in the Trace Event Format
// (Google, "Trace Event Format", the JSON that Perfetto, ui.perfetto.dev,
// and Chrome DevTools' Performance panel open): the JSON Object Format, one process
// (the check), one thread per goroutine ("goroutine N", and "timers" for
// the virtual clock firing timers), each step a complete event ("X") named
// by its operation with its file:line in args, each span a goroutine
// spent blocked at an operation a complete event "blocked: OP", flow
// events ("s" to "f") from a channel send to the receive that took its
// value and from the operation that enabled a blocked one (an unlock to
// the lock, a Done to the Wait, a close to the receive) to it, and the
// failure a global instant event ("i", scope "g") at the end.
//
// Time: a step takes one microsecond, and where the virtual clock
// advances (a timer fires, a sleep ends) the axis advances by as much,
// so ts = step index µs + (virtual clock − clock at the first step).
// Each event's args give the step number (as in the text trace) and the
// virtual clock.

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// TraceEvent is one event of the Trace Event Format (the fields mcheck
// writes).
type TraceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat,omitempty"`
	Ph   string         `json:"ph"`            // X complete, i instant, M metadata, s/f flow start/end
	Ts   float64        `json:"ts"`            // microseconds
	Dur  float64        `json:"dur,omitempty"` // X: microseconds
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	ID   int            `json:"id,omitempty"` // flows
	S    string         `json:"s,omitempty"`  // instant: g global, t thread
	BP   string         `json:"bp,omitempty"` // flow end: e binds to the enclosing slice
	Args map[string]any `json:"args,omitempty"`
}

// TraceEvents is a trace in the Trace Event Format's JSON Object Format.
type TraceEvents struct {
	TraceEvents     []TraceEvent   `json:"traceEvents"`
	DisplayTimeUnit string         `json:"displayTimeUnit"`
	OtherData       map[string]any `json:"otherData,omitempty"`
}

// timersTid is the thread of the clock's steps (Clock is goroutine 0).
const timersTid = Clock

// WriteTraceEvents writes f's whole trace in the Trace Event Format
// (see the top of this file); title names the check ("TestTransfer"),
// replay is the command or token that replays the failure.
func (f *Failure) WriteTraceEvents(w io.Writer, title, replay string) error {
	enc := json.NewEncoder(w)
	return enc.Encode(f.TraceEvents(title, replay))
}

// TraceEvents returns f's whole trace as trace events (WriteTraceEvents).
func (f *Failure) TraceEvents(title, replay string) *TraceEvents {
	b := &traceEventsBuilder{f: f, tr: f.Trace, out: &TraceEvents{DisplayTimeUnit: "ns", OtherData: map[string]any{
		"kind":   string(f.Kind),
		"replay": replay,
		"time":   "one microsecond per step, plus the virtual clock's advances",
	}}}
	if len(b.tr) > 0 {
		b.clock0 = b.tr[0].Clock
	}
	b.tracks(title)
	b.steps()
	if f.Kind == GlobalDeadlock || f.Kind == Leak {
		b.blockedAtEnd()
	}
	b.flowEvents()
	b.failure(replay)
	return b.out
}

// traceEventsBuilder builds the trace events of a failure, one pass
// per kind of event (Failure.TraceEvents).
type traceEventsBuilder struct {
	f      *Failure
	tr     []Step // f.Trace
	clock0 int64  // the virtual clock at the first step
	out    *TraceEvents
}

// add appends e, in the check's process, to the events.
func (b *traceEventsBuilder) add(e TraceEvent) {
	e.Pid = 1
	b.out.TraceEvents = append(b.out.TraceEvents, e)
}

// tsBase is the time of the first step, 1 µs: Chrome DevTools takes an
// event at ts 0 for metadata and leaves it out of the trace's bounds.
const tsBase = 1

// ts is the time of step i (of the end, past the last step): tsBase + i
// µs plus the virtual clock's advance since the first step.
func (b *traceEventsBuilder) ts(i int) float64 {
	tr := b.tr
	if i >= len(tr) {
		i, clock := len(tr), b.clock0
		if len(tr) > 0 {
			clock = tr[len(tr)-1].Clock
		}
		return tsBase + float64(i) + float64(clock-b.clock0)/1e3
	}
	return tsBase + float64(i) + float64(tr[i].Clock-b.clock0)/1e3
}

// clockArg is the virtual clock at step i (at most the last), as an
// advance since the first step: "+1.5s".
func (b *traceEventsBuilder) clockArg(i int) string {
	if i >= len(b.tr) {
		i = len(b.tr) - 1
	}
	if i < 0 {
		return "+0s"
	}
	return "+" + time.Duration(b.tr[i].Clock-b.clock0).String()
}

// tracks adds the process's name and one track per goroutine (of the
// trace or of the failure), in order of id.
func (b *traceEventsBuilder) tracks(title string) {
	b.add(TraceEvent{Name: "process_name", Ph: "M", Args: map[string]any{"name": "mcheck: " + title + " (" + string(b.f.Kind) + ")"}})
	seen := map[int]bool{}
	for _, s := range b.tr {
		seen[s.G] = true
	}
	for _, g := range b.f.Goroutines {
		seen[g.ID] = true
	}
	for id := range maxKey(seen) + 1 {
		if !seen[id] {
			continue
		}
		name := fmt.Sprintf("goroutine %d", id)
		if id == Clock {
			name = "timers (virtual clock)"
		}
		b.add(TraceEvent{Name: "thread_name", Ph: "M", Tid: id, Args: map[string]any{"name": name}})
		b.add(TraceEvent{Name: "thread_sort_index", Ph: "M", Tid: id, Args: map[string]any{"sort_index": id}})
	}
}

// steps adds the steps, and the spans before them that their goroutine
// was blocked.
func (b *traceEventsBuilder) steps() {
	for i, s := range b.tr {
		tid := s.G
		if tid == Clock {
			tid = timersTid
		}
		if bl := s.Blocked; bl.Op != "" && bl.Since < i {
			b.add(TraceEvent{Name: "blocked: " + bl.Op, Cat: "blocked", Ph: "X", Ts: b.ts(bl.Since), Dur: b.ts(i) - b.ts(bl.Since), Tid: tid,
				Args: map[string]any{"pos": bl.Pos, "from step": bl.Since + 1, "to step": i + 1}})
		}
		b.add(TraceEvent{Name: s.Op, Cat: "op", Ph: "X", Ts: b.ts(i), Dur: 1, Tid: tid,
			Args: map[string]any{"pos": s.Pos, "step": i + 1, "clock": b.clockArg(i)}})
	}
}

// blockedAtEnd adds the spans of the goroutines still blocked at the
// end (a deadlock, a leak), from their last step.
func (b *traceEventsBuilder) blockedAtEnd() {
	last := map[int]int{} // goroutine → index of its last step
	for i, s := range b.tr {
		last[s.G] = i
	}
	end := b.ts(len(b.tr))
	for _, g := range b.f.Goroutines {
		from := b.ts(0)
		if i, ok := last[g.ID]; ok {
			from = b.ts(i) + 1
		}
		b.add(TraceEvent{Name: "blocked: " + g.Op, Cat: "blocked", Ph: "X", Ts: from, Dur: max(end+1-from, 1), Tid: g.ID,
			Args: map[string]any{"pos": g.Pos, "func": g.Func, "created at": g.Created, "until": "the end (" + string(b.f.Kind) + ")"}})
	}
}

// flowEvents adds the flow events of the trace (flows).
func (b *traceEventsBuilder) flowEvents() {
	for k, fl := range flows(b.tr) {
		b.add(TraceEvent{Name: fl.name, Cat: "flow", Ph: "s", ID: k + 1, Ts: b.flowTs(fl.from, true), Tid: b.tr[fl.from.step].G})
		b.add(TraceEvent{Name: fl.name, Cat: "flow", Ph: "f", BP: "e", ID: k + 1, Ts: b.flowTs(fl.to, false), Tid: b.tr[fl.to.step].G})
	}
}

// flowTs is the time of a flow's end e (its start if first): within
// the step's slice, or (inBlock) within the blocked span before it,
// where a send or receive that completed while blocked happened.
func (b *traceEventsBuilder) flowTs(e flowEnd, first bool) float64 {
	if !e.inBlock {
		return b.ts(e.step) + 0.5
	}
	from, to := b.ts(b.tr[e.step].Blocked.Since), b.ts(e.step)
	if first {
		return from + min(0.5, (to-from)/2)
	}
	return to - min(0.5, (to-from)/2)
}

// failure adds the failure: a global instant event after the end, and
// one on each of the failure's goroutines.
func (b *traceEventsBuilder) failure(replay string) {
	f := b.f
	end := b.ts(len(b.tr))
	msg, _, _ := strings.Cut(strings.TrimSpace(f.Message), "\n")
	args := map[string]any{"message": f.Message, "replay": replay}
	if f.Race != nil {
		args["race"] = fmt.Sprint(f.Race)
	}
	// Inside the trace's bounds, which Chrome DevTools takes from the
	// slices: within the blocked spans (they end at end+1), else within
	// the last step.
	at := end - 0.5
	if len(f.Goroutines) > 0 {
		at = end + 0.5
	}
	b.add(TraceEvent{Name: string(f.Kind) + ": " + msg, Cat: "failure", Ph: "I", S: "g", Ts: at, Args: args})
	for _, g := range f.Goroutines {
		b.add(TraceEvent{Name: string(f.Kind), Cat: "failure", Ph: "I", S: "t", Ts: at, Tid: g.ID,
			Args: map[string]any{"op": g.Op, "pos": g.Pos}})
	}
}

func maxKey(m map[int]bool) int {
	n := 0
	for k := range m {
		n = max(n, k)
	}
	return n
}

// A flow is an arrow between two ends.
type flow struct {
	from, to flowEnd
	name     string
}

// A flowEnd is step's slice, or with inBlock the span its goroutine was
// blocked before it.
type flowEnd struct {
	step    int
	inBlock bool
	key     int // order among the channel's sends or receives
}

// flows finds the arrows of a trace: from each channel send to the
// receive that took its value (the k-th send on a channel to its k-th
// receive, each in the order it started; not for channels that a select
// used, where the trace does not say which case ran), and from the last
// operation of another goroutine on the same object while a goroutine was
// blocked to the operation it then performed (the unlock that enabled a
// lock, the Done that released a Wait, the close that ended a receive).
func flows(tr []Step) []flow {
	selected := map[int]bool{}
	cut := false // a select touched more channels than a step keeps
	for _, s := range tr {
		for _, op := range []struct {
			op   string
			objs Objects
		}{{s.Op, s.Objs}, {s.Blocked.Op, s.Blocked.Objs}} {
			if !strings.HasPrefix(op.op, "select") {
				continue
			}
			cut = cut || op.objs.Cut()
			for _, o := range op.objs.List() {
				selected[o] = true
			}
		}
	}
	sends, recvs := map[int][]flowEnd{}, map[int][]flowEnd{}
	note := func(op string, objs Objects, e flowEnd) {
		if cut || objs.N != 1 || selected[objs.IDs[0]] {
			return
		}
		ch := objs.IDs[0]
		switch op {
		case "chan send":
			sends[ch] = append(sends[ch], e)
		case "chan receive":
			recvs[ch] = append(recvs[ch], e)
		}
	}
	for i, s := range tr {
		if b := s.Blocked; b.Op != "" && b.Op != s.Op {
			note(b.Op, b.Objs, flowEnd{step: i, inBlock: true, key: b.Since})
		}
		note(s.Op, s.Objs, flowEnd{step: i, key: i})
	}
	var out []flow
	matched := map[int]bool{}
	for ch, ss := range sends {
		rs := recvs[ch]
		byKey := func(a, b flowEnd) int { return a.key - b.key }
		slices.SortStableFunc(ss, byKey)
		slices.SortStableFunc(rs, byKey)
		for k := range min(len(ss), len(rs)) {
			out = append(out, flow{ss[k], rs[k], "send → receive"})
			matched[rs[k].step] = true
		}
	}
	for i, s := range tr {
		b := s.Blocked
		if b.Op == "" || matched[i] || b.Objs.N == 0 {
			continue
		}
		for j := i - 1; j >= b.Since && j >= 0; j-- {
			p := tr[j]
			if p.G != s.G && p.G != Clock && sharesObj(p.Objs.List(), b.Objs.List()) {
				out = append(out, flow{flowEnd{step: j}, flowEnd{step: i}, p.Op + " → " + b.Op})
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b flow) int {
		if a.to.step != b.to.step {
			return a.to.step - b.to.step
		}
		return a.from.step - b.from.step
	})
	return out
}

func sharesObj(a, b []int) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}
