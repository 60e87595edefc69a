package heuristics

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// path interns a path of one-letter symbols ("BABABB").
func path(m *Model, s string) []int32 {
	var p []int32
	for _, c := range s {
		p = append(p, m.Intern(string(c)))
	}
	return p
}

// TestLearnFig3 is Fig. 3 of Staunton and Clark 2010: 2-grams over "BABABB" count "B A"
// followed by B twice, "A B" followed by A once and by B once; with
// n = 2 the 1-grams are learned too.
func TestLearnFig3(t *testing.T) {
	m := NewModel(2)
	m.Learn([][]int32{path(m, "BABABB")})
	A, B := m.sym["A"], m.sym["B"]
	want := map[string]map[int32]float64{
		"BA": {B: 2},
		"AB": {A: 1, B: 1},
		"B":  {A: 2, B: 1},
		"A":  {B: 2},
	}
	if len(m.dists) != len(want) {
		t.Errorf("%d contexts, want %d", len(m.dists), len(want))
	}
	for ctx, counts := range want {
		got := m.dists[ctxKey(path(m, ctx))]
		for a, c := range counts {
			if got[a] != c || len(got) != len(counts) {
				t.Errorf("after %s: %v, want %v", ctx, got, counts)
			}
		}
	}
}

// TestWeights: the longest known context decides (back-off to shorter
// ones), unavailable actions are culled, available unknown ones get half
// the lowest weight, and no distribution means uniform.
func TestWeights(t *testing.T) {
	m := NewModel(3)
	m.Learn([][]int32{path(m, "XABC"), path(m, "XABC"), path(m, "YABD"), path(m, "ZQBC")})
	A, B, C, D, Q, E := m.sym["A"], m.sym["B"], m.sym["C"], m.sym["D"], m.sym["Q"], m.Intern("E")
	for _, tc := range []struct {
		history string
		avail   []int32
		want    []float64
	}{
		{"XAB", []int32{C, D}, []float64{2, 1}},           // 3-gram XAB: C twice; D culled from nothing: half of 2
		{"YAB", []int32{C, D, E}, []float64{0.5, 1, 0.5}}, // 3-gram YAB: D once
		{"WAB", []int32{C, D}, []float64{2, 1}},           // back-off to "AB": C 2, D 1
		{"WWB", []int32{C, D}, []float64{3, 1}},           // back-off to "B": C 3, D 1
		{"WWW", []int32{C, D}, nil},                       // no context known: uniform
		{"XAB", []int32{A, Q}, nil},                       // none of XAB's actions available: uniform
	} {
		var h []int32
		for _, c := range tc.history {
			h = append(h, m.Intern(string(c)))
		}
		if got := m.weights(h, tc.avail, nil); !slices.Equal(got, tc.want) {
			t.Errorf("after %s among %v: %v, want %v", tc.history, tc.avail, got, tc.want)
		}
	}
	_ = B
}

// TestModelSaveLoad: a saved model loads with the same distributions
// and saves to the same bytes; a symbol moved by a few lines resolves
// to the saved one, one moved farther or of another kind does not.
func TestModelSaveLoad(t *testing.T) {
	m := NewModel(3)
	p := []int32{m.Intern("go@main.go:10"), m.Intern("sync.Mutex.Lock@main.go:20"), m.Intern("sync.Mutex.Lock@main.go:21"), m.Intern("sync.Mutex.Unlock@main.go:22")}
	m.Learn([][]int32{p, p[1:]})
	var a bytes.Buffer
	if err := m.Save(&a, "blocked"); err != nil {
		t.Fatal(err)
	}
	l, err := LoadModel(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := l.Save(&b, "blocked"); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("saved again:\n%s\nfirst:\n%s", b.String(), a.String())
	}
	for _, tc := range []struct {
		sym, want string
	}{
		{"sync.Mutex.Lock@main.go:20", "sync.Mutex.Lock@main.go:20"},
		{"sync.Mutex.Lock@main.go:23", "sync.Mutex.Lock@main.go:21"}, // moved 2 lines
		{"sync.Mutex.Unlock@main.go:25", "sync.Mutex.Unlock@main.go:22"},
		{"sync.Mutex.Unlock@main.go:30", ""}, // moved too far
		{"chan send@main.go:21", ""},         // another kind
		{"sync.Mutex.Lock@other.go:21", ""},  // another file
	} {
		i := l.Resolve(tc.sym)
		got := ""
		if int(i) < l.loaded {
			got = l.Symbols[i]
		}
		if got != tc.want {
			t.Errorf("%s resolves to %q, want %q", tc.sym, got, tc.want)
		}
	}
	for _, bad := range []string{`{"version": 2, "n": 3}`, `{"version": 1, "n": 0}`, `{"version": 1, "n": 2, "grams": [{"context": ["a", "b", "c"], "next": {}}]}`, `[]`} {
		if _, err := LoadModel(strings.NewReader(bad)); err == nil {
			t.Errorf("%s loads", bad)
		}
	}
}
