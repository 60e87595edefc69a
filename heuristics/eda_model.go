package heuristics

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// The n-gram model of the EDA search (Staunton and Clark 2010, Sect.
// IV.B–D, Fig. 3): for every context of the last k actions of a path
// (k = 1..n), how often each action came next in the selected paths.
// An action is a symbol, "kind@file:line" ("sync.Mutex.Lock@dine.go:34"):
// the Go counterpart of the paper's <file:line><instruction> members, the
// same for every goroutine so that symmetric programs share statistics.

// Model is an n-gram model of paths. The zero value is not usable; make
// one with NewModel, or Fresh for the next generation's.
type Model struct {
	N int // longest context
	*alphabet
	// dists maps a context to the counts of the next symbol.
	dists map[ngram]map[int32]float64
}

// MaxN is the longest context a model may have.
const MaxN = 8

// ngram is a context as a map key: its length and its symbols, oldest
// first.
type ngram struct {
	n int8
	s [MaxN]int32
}

func ctxKey(ctx []int32) ngram {
	k := ngram{n: int8(len(ctx))}
	copy(k.s[:], ctx)
	return k
}

// alphabet interns symbols: the models of one search share one, so that
// paths keep their meaning from a generation to the next.
type alphabet struct {
	Symbols []string // by index
	sym     map[string]int32
	// loaded is how many of Symbols came from a saved model (LoadModel):
	// the ones Resolve may map a moved symbol to.
	loaded int
}

// NewModel returns a blank model with contexts of up to n actions (at
// most MaxN).
func NewModel(n int) *Model {
	return &Model{N: min(n, MaxN), alphabet: &alphabet{sym: map[string]int32{}}, dists: map[ngram]map[int32]float64{}}
}

// Fresh returns a blank model with m's n and alphabet.
func (m *Model) Fresh() *Model {
	return &Model{N: m.N, alphabet: m.alphabet, dists: map[ngram]map[int32]float64{}}
}

// Intern returns the index of symbol s, adding it if new.
func (m *alphabet) Intern(s string) int32 {
	if i, ok := m.sym[s]; ok {
		return i
	}
	i := int32(len(m.Symbols))
	m.Symbols = append(m.Symbols, s)
	m.sym[s] = i
	return i
}

// Blank reports whether the model has no distribution: every choice
// sampled from it is uniform.
func (m *Model) Blank() bool { return len(m.dists) == 0 }

// Learn counts, over paths, every action after each of its contexts of
// 1..n preceding actions (the sliding window of Fig. 3, for every
// n-gram length down to 1-grams; at the start of a path only the
// shorter contexts exist). Counts add to the model's; the EDA learns each
// generation into a new model (Sect. IV.C: "the entirely new model
// approach"). The paths must be interned in m.
func (m *Model) Learn(paths [][]int32) {
	for _, p := range paths {
		for j := 1; j < len(p); j++ {
			for k := 1; k <= m.N && k <= j; k++ {
				key := ctxKey(p[j-k : j])
				d := m.dists[key]
				if d == nil {
					d = map[int32]float64{}
					m.dists[key] = d
				}
				d[p[j]]++
			}
		}
	}
}

// distribution returns the distribution of the longest context ending
// history that the model knows, backing off from n actions to 1 (Sect.
// IV.D, distribution acquisition); nil is the blank distribution.
func (m *Model) distribution(history []int32) map[int32]float64 {
	for k := min(m.N, len(history)); k >= 1; k-- {
		if d, ok := m.dists[ctxKey(history[len(history)-k:])]; ok {
			return d
		}
	}
	return nil
}

// Choose picks one of the available actions after history with the
// weights of weights, and returns its index in avail.
func (m *Model) Choose(rng *rand.Rand, history []int32, avail []int32) int {
	i, _ := m.choose(rng, history, avail, nil)
	return i
}

// choose is Choose with ws as the weights' buffer (a search chooses at
// every step), which it returns for the next choice.
func (m *Model) choose(rng *rand.Rand, history []int32, avail []int32, buf []float64) (int, []float64) {
	ws := m.weights(history, avail, buf)
	if ws == nil {
		return rng.IntN(len(avail)), buf
	}
	total := 0.0
	for _, w := range ws {
		total += w
	}
	x := rng.Float64() * total
	for i, w := range ws {
		if x < w {
			return i, ws
		}
		x -= w
	}
	return len(avail) - 1, ws
}

// weights returns the unnormalised probabilities of the available
// actions after history (Sect. IV.D, distribution sampling): actions of
// the distribution that are not available are culled; available actions
// the distribution lacks get half the lowest weight among those it has.
// nil means uniform: there is no distribution for history, or none of
// its actions is available. The weights are written over ws's storage
// when it has room.
func (m *Model) weights(history []int32, avail []int32, ws []float64) []float64 {
	d := m.distribution(history)
	if d == nil {
		return nil
	}
	ws = slices.Grow(ws[:0], len(avail))[:len(avail)]
	clear(ws)
	lowest := 0.0
	for i, a := range avail {
		if p, ok := d[a]; ok {
			ws[i] = p
			if lowest == 0 || p < lowest {
				lowest = p
			}
		}
	}
	if lowest == 0 {
		return nil
	}
	for i := range ws {
		if ws[i] == 0 {
			ws[i] = lowest / 2
		}
	}
	return ws
}

// ModelVersion is the version of the saved model's format; a model of
// another version is ignored.
const ModelVersion = 1

// savedModel is the file format of a model: JSON, contexts spelled as
// symbols so that the file is keyed by source locations, not by the
// interning order of one run.
type savedModel struct {
	Version int          `json:"version"`
	N       int          `json:"n"`
	Fitness string       `json:"fitness,omitempty"`
	Grams   []savedNGram `json:"grams"`
}

type savedNGram struct {
	Context []string           `json:"context"`
	Next    map[string]float64 `json:"next"`
}

// Save writes m as JSON (with the fitness metric it was learned under),
// contexts in a stable order so that the same model writes the same
// bytes.
func (m *Model) Save(w io.Writer, fitness string) error {
	s := savedModel{Version: ModelVersion, N: m.N, Fitness: fitness}
	for k, d := range m.dists {
		g := savedNGram{Next: map[string]float64{}}
		for _, i := range k.s[:k.n] {
			g.Context = append(g.Context, m.Symbols[i])
		}
		for a, c := range d {
			g.Next[m.Symbols[a]] = c
		}
		s.Grams = append(s.Grams, g)
	}
	slices.SortFunc(s.Grams, func(a, b savedNGram) int { return slices.Compare(a.Context, b.Context) })
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(s)
}

// LoadModel reads a model Save wrote. An error says why it cannot be
// used (another version, not a model).
func LoadModel(r io.Reader) (*Model, error) {
	var s savedModel
	if err := json.NewDecoder(r).Decode(&s); err != nil {
		return nil, fmt.Errorf("not an EDA model: %w", err)
	}
	if s.Version != ModelVersion {
		return nil, fmt.Errorf("EDA model of version %d, want %d", s.Version, ModelVersion)
	}
	if s.N <= 0 || s.N > MaxN {
		return nil, fmt.Errorf("EDA model with n = %d (want 1 to %d)", s.N, MaxN)
	}
	m := NewModel(s.N)
	for _, g := range s.Grams {
		if len(g.Context) == 0 || len(g.Context) > s.N {
			return nil, fmt.Errorf("EDA model with a context of %d actions (n = %d)", len(g.Context), s.N)
		}
		ctx := make([]int32, len(g.Context))
		for i, c := range g.Context {
			ctx[i] = m.Intern(c)
		}
		d := map[int32]float64{}
		// Intern the next actions in sorted order: the same file interns
		// the same way.
		for _, a := range slices.Sorted(maps.Keys(g.Next)) {
			d[m.Intern(a)] = g.Next[a]
		}
		m.dists[ctxKey(ctx)] = d
	}
	m.loaded = len(m.Symbols)
	return m, nil
}

// maxShift is how far, in lines, a symbol of a loaded model may have
// moved and still stand for the same operation (a small edit above it).
const maxShift = 3

// Resolve interns symbol s for a path. A symbol a loaded model does not
// know stands for the model's symbol of the same kind in the same file
// at the nearest line within maxShift lines, if there is one, so that a
// model survives small edits; otherwise it is new.
func (m *alphabet) Resolve(s string) int32 {
	if i, ok := m.sym[s]; ok {
		return i
	}
	at := strings.LastIndexByte(s, ':')
	line, err := strconv.Atoi(s[at+1:])
	if at < 0 || err != nil || m.loaded == 0 {
		return m.Intern(s)
	}
	best, bestD := int32(-1), maxShift+1
	for i, o := range m.Symbols[:m.loaded] {
		oat := strings.LastIndexByte(o, ':')
		if oat != at || o[:oat] != s[:at] {
			continue
		}
		ol, err := strconv.Atoi(o[oat+1:])
		if d := abs(ol - line); err == nil && d < bestD {
			best, bestD = int32(i), d
		}
	}
	if best < 0 {
		return m.Intern(s)
	}
	m.sym[s] = best
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
