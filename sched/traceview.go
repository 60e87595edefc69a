package sched

// The failing execution for a trace viewer, in the Trace Event Format
// (Google, "Trace Event Format", the JSON that chrome://tracing and
// Perfetto, ui.perfetto.dev, open): the JSON Object Format, one process
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
	tr := f.Trace
	var clock0 int64
	if len(tr) > 0 {
		clock0 = tr[0].Clock
	}
	ts := func(i int) float64 {
		if i >= len(tr) {
			i, clock := len(tr), clock0
			if len(tr) > 0 {
				clock = tr[len(tr)-1].Clock
			}
			return float64(i) + float64(clock-clock0)/1e3
		}
		return float64(i) + float64(tr[i].Clock-clock0)/1e3
	}
	clockArg := func(i int) string {
		if i >= len(tr) {
			i = len(tr) - 1
		}
		if i < 0 {
			return "+0s"
		}
		return "+" + time.Duration(tr[i].Clock-clock0).String()
	}
	end := ts(len(tr))
	out := &TraceEvents{DisplayTimeUnit: "ns", OtherData: map[string]any{
		"kind":   string(f.Kind),
		"replay": replay,
		"time":   "one microsecond per step, plus the virtual clock's advances",
	}}
	ev := &out.TraceEvents
	add := func(e TraceEvent) {
		e.Pid = 1
		*ev = append(*ev, e)
	}

	// Tracks: one per goroutine, in order of id.
	add(TraceEvent{Name: "process_name", Ph: "M", Args: map[string]any{"name": "mcheck: " + title + " (" + string(f.Kind) + ")"}})
	seen := map[int]bool{}
	last := map[int]int{} // goroutine → index of its last step
	for i, s := range tr {
		seen[s.G] = true
		last[s.G] = i
	}
	for _, g := range f.Goroutines {
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
		add(TraceEvent{Name: "thread_name", Ph: "M", Tid: id, Args: map[string]any{"name": name}})
		add(TraceEvent{Name: "thread_sort_index", Ph: "M", Tid: id, Args: map[string]any{"sort_index": id}})
	}

	// Steps, and the spans before them that their goroutine was blocked.
	for i, s := range tr {
		tid := s.G
		if tid == Clock {
			tid = timersTid
		}
		if b := s.Blocked; b.Op != "" && b.Since < i {
			add(TraceEvent{Name: "blocked: " + b.Op, Cat: "blocked", Ph: "X", Ts: ts(b.Since), Dur: ts(i) - ts(b.Since), Tid: tid,
				Args: map[string]any{"pos": b.Pos, "from step": b.Since + 1, "to step": i + 1}})
		}
		add(TraceEvent{Name: s.Op, Cat: "op", Ph: "X", Ts: ts(i), Dur: 1, Tid: tid,
			Args: map[string]any{"pos": s.Pos, "step": i + 1, "clock": clockArg(i)}})
	}

	// Goroutines still blocked at the end (a deadlock, a leak).
	if f.Kind == GlobalDeadlock || f.Kind == Leak {
		for _, g := range f.Goroutines {
			from := 0.0
			if i, ok := last[g.ID]; ok {
				from = ts(i) + 1
			}
			add(TraceEvent{Name: "blocked: " + g.Op, Cat: "blocked", Ph: "X", Ts: from, Dur: max(end+1-from, 1), Tid: g.ID,
				Args: map[string]any{"pos": g.Pos, "func": g.Func, "created at": g.Created, "until": "the end (" + string(f.Kind) + ")"}})
		}
	}

	// Flows.
	// An end is a step's slice, or (inBlock) the blocked span before it,
	// where a send or receive that completed while blocked happened.
	at := func(e flowEnd, first bool) float64 {
		if !e.inBlock {
			return ts(e.step) + 0.5
		}
		from, to := ts(tr[e.step].Blocked.Since), ts(e.step)
		if first {
			return from + min(0.5, (to-from)/2)
		}
		return to - min(0.5, (to-from)/2)
	}
	for k, fl := range flows(tr) {
		add(TraceEvent{Name: fl.name, Cat: "flow", Ph: "s", ID: k + 1, Ts: at(fl.from, true), Tid: tr[fl.from.step].G})
		add(TraceEvent{Name: fl.name, Cat: "flow", Ph: "f", BP: "e", ID: k + 1, Ts: at(fl.to, false), Tid: tr[fl.to.step].G})
	}

	// The failure.
	msg, _, _ := strings.Cut(strings.TrimSpace(f.Message), "\n")
	args := map[string]any{"message": f.Message, "replay": replay}
	if f.Race != nil {
		args["race"] = fmt.Sprint(f.Race)
	}
	add(TraceEvent{Name: string(f.Kind) + ": " + msg, Cat: "failure", Ph: "i", S: "g", Ts: end + 1, Args: args})
	for _, g := range f.Goroutines {
		add(TraceEvent{Name: string(f.Kind), Cat: "failure", Ph: "i", S: "t", Ts: end + 1, Tid: g.ID,
			Args: map[string]any{"op": g.Op, "pos": g.Pos}})
	}
	return out
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
