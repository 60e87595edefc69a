package sched

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// viewEvent is a trace event as a reader of the Trace Event Format sees
// it: every field optional, to check the ones the format requires.
type viewEvent struct {
	Name *string        `json:"name"`
	Cat  string         `json:"cat"`
	Ph   *string        `json:"ph"`
	Ts   *float64       `json:"ts"`
	Dur  *float64       `json:"dur"`
	Pid  *int           `json:"pid"`
	Tid  *int           `json:"tid"`
	ID   *int           `json:"id"`
	S    string         `json:"s"`
	BP   string         `json:"bp"`
	Args map[string]any `json:"args"`
}

// checkTraceEvents decodes a trace-event file with encoding/json and
// checks what the Trace Event Format requires of each event: name, ph,
// pid, tid and ts; dur for complete events; a scope g, p or t for
// instants; an id, cat and name shared by each flow's start and end, the
// end after the start. It returns the events and the tracks' names.
func checkTraceEvents(t *testing.T, data []byte) ([]viewEvent, map[int]string) {
	t.Helper()
	var file struct {
		TraceEvents     []viewEvent `json:"traceEvents"`
		DisplayTimeUnit string      `json:"displayTimeUnit"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	if file.DisplayTimeUnit != "ms" && file.DisplayTimeUnit != "ns" {
		t.Errorf("displayTimeUnit %q, want ms or ns", file.DisplayTimeUnit)
	}
	tracks := map[int]string{}
	flowStart := map[int]viewEvent{}
	for i, e := range file.TraceEvents {
		if e.Name == nil || e.Ph == nil || e.Pid == nil || e.Tid == nil || e.Ts == nil {
			t.Fatalf("event %d lacks one of name, ph, pid, tid, ts: %+v", i, e)
		}
		switch *e.Ph {
		case "M":
			if *e.Name == "thread_name" {
				tracks[*e.Tid], _ = e.Args["name"].(string)
			}
		case "X":
			if e.Dur == nil || *e.Dur <= 0 {
				t.Errorf("complete event %q has no positive dur", *e.Name)
			}
		case "I":
			if !slices.Contains([]string{"g", "p", "t"}, e.S) {
				t.Errorf("instant event %q has scope %q", *e.Name, e.S)
			}
		case "s", "f":
			if e.ID == nil || e.Cat == "" {
				t.Fatalf("flow event %q lacks id or cat", *e.Name)
			}
			if *e.Ph == "s" {
				flowStart[*e.ID] = e
				continue
			}
			s, ok := flowStart[*e.ID]
			if !ok || *s.Name != *e.Name || s.Cat != e.Cat || *s.Ts > *e.Ts {
				t.Errorf("flow end %d (%q) has no start before it with its name and cat", *e.ID, *e.Name)
			}
		default:
			t.Errorf("event %q: unexpected phase %q", *e.Name, *e.Ph)
		}
	}
	checkTraceBounds(t, file.TraceEvents)
	return file.TraceEvents, tracks
}

// checkTraceBounds checks what Chrome DevTools' Performance panel needs
// to show every event: no event at ts 0 (it takes those for metadata and
// leaves them out of the trace's bounds), and each instant within the
// span of the complete events (it is not drawn past their end).
func checkTraceBounds(t *testing.T, events []viewEvent) {
	t.Helper()
	end := 0.0
	for _, e := range events {
		if *e.Ph == "X" {
			end = max(end, *e.Ts+*e.Dur)
		}
	}
	for _, e := range events {
		switch {
		case *e.Ph != "M" && *e.Ts <= 0:
			t.Errorf("event %q at ts %v", *e.Name, *e.Ts)
		case *e.Ph == "I" && *e.Ts >= end:
			t.Errorf("instant %q at ts %v, not before the slices' end %v", *e.Name, *e.Ts, end)
		}
	}
}

// TestTraceEvents writes the failing execution of testdata/traceview (a
// lock handed over after a 5ms sleep, a send, a deadlock) as trace events
// and reads it back: a track per goroutine, the operations with their
// positions, the blocked spans, the flows from the unlock to the lock and
// from the send to the receive, the sleep on the time axis, the failure.
func TestTraceEvents(t *testing.T) {
	rep, err := Explore(target(t, "traceview"), Options{Strategy: "dfs"})
	if err != nil || rep.Failure == nil || rep.Failure.Kind != GlobalDeadlock {
		t.Fatalf("no global deadlock: %v %+v", err, rep)
	}
	f := rep.Failure
	var buf bytes.Buffer
	if err := f.WriteTraceEvents(&buf, "traceview", f.Schedule.Token()); err != nil {
		t.Fatal(err)
	}
	events, tracks := checkTraceEvents(t, buf.Bytes())
	if tracks[1] != "goroutine 1" || tracks[2] != "goroutine 2" || len(tracks) != 2 {
		t.Errorf("tracks %v, want goroutine 1 and goroutine 2", tracks)
	}
	find := func(ph, name string, tid int) *viewEvent {
		for i, e := range events {
			if *e.Ph == ph && *e.Name == name && (tid < 0 || *e.Tid == tid) {
				return &events[i]
			}
		}
		t.Errorf("no %s event %q on track %d in\n%s", ph, name, tid, buf.Bytes())
		return nil
	}
	for _, w := range []struct {
		name string
		tid  int
		pos  string
	}{
		{"sync.Mutex.Lock", 1, "main.go:14"},
		{"sync.Mutex.Unlock", 1, "main.go:22"},
		{"sleep", 1, "main.go:21"},
		{"sync.Mutex.Lock", 2, "main.go:16"},
		{"chan receive", 2, "main.go:17"},
		{"blocked: sync.Mutex.Lock", 2, "main.go:16"},
		{"blocked: chan send", 1, "main.go:23"},
		{"blocked: chan receive", 1, "main.go:24"}, // at the end
	} {
		if e := find("X", w.name, w.tid); e != nil && e.Args["pos"] != w.pos {
			t.Errorf("%q on goroutine %d at %v, want %s", w.name, w.tid, e.Args["pos"], w.pos)
		}
	}
	// The 5ms sleep is 5000µs of the time axis.
	if e := find("X", "blocked: sleep", 1); e != nil && *e.Dur < 5000 {
		t.Errorf("the 5ms sleep spans %gµs", *e.Dur)
	}
	for _, w := range []struct {
		name     string
		from, to int
	}{
		{"sync.Mutex.Unlock → sync.Mutex.Lock", 1, 2},
		{"send → receive", 1, 2},
	} {
		s, e := find("s", w.name, w.from), find("f", w.name, w.to)
		if s != nil && e != nil && *s.ID != *e.ID {
			t.Errorf("flow %q: start id %d, end id %d", w.name, *s.ID, *e.ID)
		}
	}
	if e := find("I", "global deadlock: all goroutines are asleep - deadlock!", -1); e != nil && (e.S != "g" || e.Args["replay"] != f.Schedule.Token()) {
		t.Errorf("failure event %+v: want global scope and the replay token", e)
	}
}
