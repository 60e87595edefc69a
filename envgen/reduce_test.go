package envgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// weights builds pair weights from "a b" keys.
func weights(kv map[string]float64) PairWeights {
	w := PairWeights{}
	for k, x := range kv {
		var a, b string
		for i := range k {
			if k[i] == ' ' {
				a, b = k[:i], k[i+1:]
			}
		}
		w[[2]string{min(a, b), max(a, b)}] = x
	}
	return w
}

func mustParse(t *testing.T, src string) Protocol {
	t.Helper()
	p, err := ParseProtocol(src)
	require.NoError(t, err)
	return p
}

// The protocol (i) of Parizek and Plasil 2008, reduced as their Sect.
// 2.2 shows it. The paper's method weights (a c 0.5, a e 0.8) do not add up to its tuple weights
// (1.3, 0.25, 0: a e would count in two tuples), so the tuple weights are
// made from method weights that give them: a c 1.3 and a b 0.25.
func TestReduceSeedExample(t *testing.T) {
	p := mustParse(t, "Init; (A | (C; E) | (B + E)); Finish")
	w := weights(map[string]float64{"A C": 1.3, "A B": 0.25})

	_, parts, _, ok := form(p)
	require.True(t, ok)
	props := proportional(parts, []int{0, 1, 2}, w)
	for i, want := range []float64{1, 0.84, 0.16} {
		assert.InDelta(t, want, props[i], 0.005, "proportional weight of part %d", i)
	}

	got, ok := Reduce(p, RecursiveReduction, w, DefaultThreshold)
	require.True(t, ok)
	assert.Equal(t, "Init; (B + E); (A | C; E); Finish", got.String()) // (III), one step
	assert.Equal(t, "Init; ((B + E); (A | C; E) + C; E; (A | B + E) + A; C; E; (B + E)); Finish",
		mustReduce(t, p, SensitiveComposition, w).String()) // (v)

	_, ok = Reduce(p, ParallelPrefixes, w, DefaultThreshold)
	assert.False(t, ok, "parallel prefixes need an empty InitP")
	// The paper's own example of parallel prefixes, with its own method
	// weights, the init eliminated: (!a | !c) + (!a | !e), heaviest first.
	seedW := weights(map[string]float64{"A C": 0.5, "A E": 0.8})
	assert.Equal(t, "(A | E) + (A | C)",
		mustReduce(t, mustParse(t, "(A | (C; E) | (B + E)); Finish"), ParallelPrefixes, seedW).String())
}

func mustReduce(t *testing.T, p Protocol, r Reduction, w PairWeights) Protocol {
	t.Helper()
	got, ok := Reduce(p, r, w, DefaultThreshold)
	require.True(t, ok, "%s of %s", r, p)
	return got
}

func TestReduceNotApplicable(t *testing.T) {
	w := weights(map[string]float64{"A B": 1})
	for _, src := range []string{"A; B", "A + B", "A*"} {
		for _, r := range Reductions {
			_, ok := Reduce(mustParse(t, src), r, w, DefaultThreshold)
			assert.False(t, ok, "%s of %s: no parallel composition", r, src)
		}
	}
	for _, r := range Reductions {
		_, ok := Reduce(mustParse(t, "C | D"), r, w, DefaultThreshold)
		assert.False(t, ok, "%s with no suspicious pair", r)
	}
}

// Recursive reduction keeps two parts in parallel and takes out the
// lightest first, recomputing the weights over the parts left.
func TestRecursiveReductionSteps(t *testing.T) {
	p := mustParse(t, "A | B | C | D")
	w := weights(map[string]float64{"A B": 10, "A C": 1, "B D": 0.1})
	// Over all: A 11/11.1, B 10.1/11.1, C 1/11.1 = 0.09, D 0.009: D out;
	// then over A, B, C: C 1/11 = 0.09 out; A and B stay.
	assert.Equal(t, "D; C; (A | B)", mustReduce(t, p, RecursiveReduction, w).String())
	// A threshold of 0 takes nothing out.
	got, ok := Reduce(p, RecursiveReduction, w, 0)
	require.True(t, ok)
	assert.Equal(t, "A | B | C | D", got.String())
}

// Every trace of a sensitive composition or a recursive reduction is a
// trace of the protocol; every trace of parallel prefixes a prefix of one:
// checked on the calls the traces make per method.
func TestReducedTracesCallProtocolMethods(t *testing.T) {
	p := mustParse(t, "(Put; Put*) | (Take; Take*) | Len* | (Put; Put*)")
	w := weights(map[string]float64{"Put Take": 0.8, "Put Put": 0.25})
	for _, r := range Reductions {
		red := mustReduce(t, p, r, w)
		for _, m := range ProtocolMethods(red) {
			assert.Contains(t, ProtocolMethods(p), m)
		}
	}
	assert.Equal(t, "(Put | Take) + (Put | Put)", mustReduce(t, p, ParallelPrefixes, w).String())
}

func TestDefaultProtocolAndReduced(t *testing.T) {
	c := &Component{Methods: []Method{{Name: "Len"}, {Name: "Put"}, {Name: "Take"}, {Name: "Close"}}, DefaultFinish: true}
	c.Finish = &c.Methods[3]
	w := weights(map[string]float64{"Put Take": 0.8, "Put Put": 0.25})
	assert.Equal(t, "Len; Len* | Put; Put* | Put; Put* | Take; Take*", c.DefaultProtocol(w).String(),
		"Put twice (it races with itself), Close left out (no weight)")
	c.Reduce(w, DefaultThreshold)
	var names []string
	for _, r := range c.Reduced {
		names = append(names, r.Reduction.String()+": "+r.Protocol.String())
	}
	assert.Equal(t, []string{
		"parallel prefixes: (Put | Take) + (Put | Put)",
		"sensitive composition: Len; Len*; Put; Put*; (Put; Put* | Take; Take*) + Len; Len*; Take; Take*; (Put; Put* | Put; Put*) + Len; Len*; Put; Put*; Put; Put*; Take; Take*",
		"recursive reduction of parallelism: Len; Len*; (Put; Put* | Put; Put* | Take; Take*)",
	}, names)

	// A plan of a reduction says so in its token, and replays as itself.
	for k := range c.Reduced {
		plan := Draw(c, Random, c.Reduced[k].Reduction, 2, 0, uint64(k+1))
		assert.Equal(t, c.Reduced[k].Reduction, plan.Reduction)
		assert.False(t, plan.Free, "Close is not in the reduced protocol: called last")
		back, err := Decode(plan.Encode())
		require.NoError(t, err)
		assert.Equal(t, plan, back)
		assert.Contains(t, plan.Kind(c), c.Reduced[k].Reduction.String())
	}
}
