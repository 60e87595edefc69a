package envgen

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/mcheck-dev/mcheck/envgen/detect"
)

// Reductions of parallelism (Parizek and Plasil 2008, Sect. 2.2): a
// calling protocol of the form
//
//	InitP; (p1 | p2 | … | pN); FinishP                      (I)
//
// is rewritten so that only the parts whose methods the static detectors
// (package envgen/detect, patterns P1–P4) weigh as likely to contain a
// concurrency bug run in parallel; the rest runs in sequence. Every trace
// of a reduced protocol is a trace of the original (sensitive
// composition, recursive reduction) or a prefix of one (parallel
// prefixes), so an environment drawn from it is one a user could write.

// Reduction names a reduction of parallelism, or none.
type Reduction int

const (
	Unreduced Reduction = iota
	ParallelPrefixes
	SensitiveComposition
	RecursiveReduction
)

// Reductions are the reductions in the order the paper recommends
// applying them (Sect. 4: parallel prefixes, then sensitive composition
// and recursive reduction of parallelism; the unreduced protocol last).
var Reductions = []Reduction{ParallelPrefixes, SensitiveComposition, RecursiveReduction}

// ReductionNames spell the reductions as options and flags take them.
var ReductionNames = map[Reduction]string{
	Unreduced:            "protocol",
	ParallelPrefixes:     "prefixes",
	SensitiveComposition: "sensitive",
	RecursiveReduction:   "recursive",
}

func (r Reduction) String() string {
	switch r {
	case ParallelPrefixes:
		return "parallel prefixes"
	case SensitiveComposition:
		return "sensitive composition"
	case RecursiveReduction:
		return "recursive reduction of parallelism"
	}
	return "no reduction"
}

// DefaultThreshold is the threshold of the recursive reduction of
// parallelism: a part whose proportional weight is below it leaves the
// parallel composition (the 0.2 of Parizek and Plasil 2008, "on the
// basis of a number of experiments").
const DefaultThreshold = 0.2

// PairWeights is the weight of each pair of methods, by method name: the
// sum of the Table 1 weights of the pattern instances the detectors found
// in the pair (detect.Weights). A key is ordered, key[0] <= key[1]; a
// method may be paired with itself (it races with a concurrent call of
// itself).
type PairWeights map[[2]string]float64

func (w PairWeights) of(a, b string) float64 { return w[[2]string{min(a, b), max(a, b)}] }

// cumulative is the cumulative weight of the tuple <p, q> (Sect. 2.2):
// the sum of the weights of every pair of a method p calls and one q
// calls.
func (w PairWeights) cumulative(p, q Protocol) float64 {
	sum := 0.0
	for _, a := range ProtocolMethods(p) {
		for _, b := range ProtocolMethods(q) {
			sum += w.of(a, b)
		}
	}
	return sum
}

// form splits p into the form (I): what runs before its first parallel
// composition of at least two parts, the composition's parts, and what
// runs after; ok is false when p has no such composition at its top
// level (a sequence or the composition itself).
func form(p Protocol) (init []Protocol, parts Par, finish []Protocol, ok bool) {
	switch p := p.(type) {
	case Par:
		return nil, p, nil, len(p) >= 2
	case Seq:
		for k, q := range p {
			if par, isPar := q.(Par); isPar && len(par) >= 2 {
				return p[:k], par, p[k+1:], true
			}
		}
	}
	return nil, nil, nil, false
}

// seq sequences parts, flattening nested sequences and dropping empty
// ones: one part is itself, none is Null.
func seq(parts ...Protocol) Protocol {
	var out Seq
	for _, p := range parts {
		switch p := p.(type) {
		case Seq:
			out = append(out, p...)
		case Null:
		default:
			out = append(out, p)
		}
	}
	switch len(out) {
	case 0:
		return Null{}
	case 1:
		return out[0]
	}
	return out
}

// alt is the alternative of parts, each once (parts of a parallel
// composition may repeat); one part is itself.
func alt(parts []Protocol) Protocol {
	seen := map[string]bool{}
	parts = slices.DeleteFunc(slices.Clone(parts), func(p Protocol) bool {
		dup := seen[p.String()]
		seen[p.String()] = true
		return dup
	})
	if len(parts) == 1 {
		return parts[0]
	}
	return Alt(parts)
}

// tuple is a pair of parts of a parallel composition and its cumulative
// weight.
type tuple struct {
	i, j int
	w    float64
}

// tuples lists every 2-tuple of parts, heaviest first (ties in order of
// the parts).
func tuples(parts Par, w PairWeights) []tuple {
	var ts []tuple
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			ts = append(ts, tuple{i, j, w.cumulative(parts[i], parts[j])})
		}
	}
	slices.SortStableFunc(ts, func(a, b tuple) int { return cmp.Compare(b.w, a.w) })
	return ts
}

// Reduce returns p reduced by r with the pair weights w (threshold is the
// recursive reduction's), and false when r does not apply to p: p is not
// of the form (I), no tuple of its parallel parts has a non-zero weight
// (nothing is suspicious, so any reduction would run nothing in
// parallel), or, for parallel prefixes, p has an initial phase (the paper
// applies parallel prefixes only when InitP is empty: a prefix that
// skips the initialisation is not a use of the component).
func Reduce(p Protocol, r Reduction, w PairWeights, threshold float64) (Protocol, bool) {
	init, parts, finish, ok := form(p)
	if !ok {
		return nil, false
	}
	ts := tuples(parts, w)
	if ts[0].w == 0 {
		return nil, false
	}
	switch r {
	case Unreduced:
		return p, true
	case ParallelPrefixes:
		if len(init) > 0 {
			return nil, false
		}
		return parallelPrefixes(parts, w)
	case SensitiveComposition:
		mid := sensitiveComposition(parts, ts)
		return seq(append(append(slices.Clone(init), mid), finish...)...), true
	case RecursiveReduction:
		mid := recursiveReduction(parts, w, threshold)
		return seq(append(append(slices.Clone(init), mid), finish...)...), true
	}
	panic(fmt.Sprintf("envgen: reduction %d", r))
}

// parallelPrefixes replaces InitP; (p1 | … | pN); FinishP, InitP empty,
// by the alternative of (a | b) for every pair of methods a and b that
// can start two different parts and whose weight is not zero (Sect. 2.2,
// the last form (II), and the paper's example that reduces
// !a | (!c; !e) | (!b + !e) to (!a | !c) + (!a | !e)): prefixes of the
// protocol's traces that start with the suspicious interleavings,
// heaviest first.
func parallelPrefixes(parts Par, w PairWeights) (Protocol, bool) {
	type pair struct {
		a, b string
		w    float64
	}
	var ps []pair
	seen := map[[2]string]bool{}
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			for _, a := range firsts(parts[i]) {
				for _, b := range firsts(parts[j]) {
					k := [2]string{min(a, b), max(a, b)}
					if x := w.of(a, b); x > 0 && !seen[k] {
						seen[k] = true
						ps = append(ps, pair{a, b, x})
					}
				}
			}
		}
	}
	if len(ps) == 0 {
		return nil, false
	}
	slices.SortStableFunc(ps, func(x, y pair) int { return cmp.Compare(y.w, x.w) })
	alts := make([]Protocol, len(ps))
	for i, p := range ps {
		alts[i] = Par{Invoke{p.a}, Invoke{p.b}}
	}
	return alt(alts), true
}

// firsts lists the methods a trace of p can start with.
func firsts(p Protocol) []string {
	var out []string
	var walk func(Protocol) bool // reports whether p may call nothing
	walk = func(p Protocol) bool {
		switch p := p.(type) {
		case Invoke:
			if !slices.Contains(out, p.Method) {
				out = append(out, p.Method)
			}
			return false
		case Seq:
			for _, q := range p {
				if !walk(q) {
					return false
				}
			}
			return true
		case Alt: // empty if a part may be
			empty := false
			for _, q := range p {
				empty = walk(q) || empty
			}
			return empty
		case Par: // empty if every part may be
			empty := true
			for _, q := range p {
				empty = walk(q) && empty
			}
			return empty
		case Star:
			walk(p.P)
		}
		return true
	}
	walk(p)
	return out
}

// sensitiveComposition replaces (p1 | … | pN) by (Sect. 2.2, (II))
//
//	(…; pk; …; (pi | pj)) + … + (p1; …; pN)
//
// with an alternative for every tuple <pi, pj> of non-zero cumulative
// weight, in which the other parts run first, in sequence, so that the
// search explores the interleavings of the suspicious pair alone; the
// last, sequential alternative is there only if some tuple weighs zero.
func sensitiveComposition(parts Par, ts []tuple) Protocol {
	var alts []Protocol
	sequential := false
	for _, t := range ts {
		if t.w == 0 {
			sequential = true
			continue
		}
		var prefix []Protocol
		for k, q := range parts {
			if k != t.i && k != t.j {
				prefix = append(prefix, q)
			}
		}
		alts = append(alts, seq(append(prefix, Par{parts[t.i], parts[t.j]})...))
	}
	if sequential {
		alts = append(alts, seq(parts...))
	}
	return alt(alts)
}

// recursiveReduction replaces (p1 | … | pN) by (Sect. 2.2, (III))
//
//	pk+1; …; pN; (p1 | … | pk)
//
// taking out of the composition, one step at a time, the part of the
// lowest proportional weight while that weight is below threshold. The
// proportional weight of a part is the sum of the cumulative weights of
// the tuples it is in divided by the sum over all tuples of the parts
// still in the composition (the paper's example: !a, (!c; !e), (!b + !e)
// with tuple weights 1.3, 0.25 and 0 weigh 1, 0.84 and 0.16). A part
// taken out earlier runs earlier. At least two parts stay in parallel.
func recursiveReduction(parts Par, w PairWeights, threshold float64) Protocol {
	in := make([]int, len(parts))
	for i := range in {
		in[i] = i
	}
	var out []Protocol
	for len(in) > 2 {
		props := proportional(parts, in, w)
		k := 0
		for x := range props {
			if props[x] < props[k] {
				k = x
			}
		}
		if props[k] >= threshold {
			break
		}
		out = append(out, parts[in[k]])
		in = slices.Delete(in, k, k+1)
	}
	par := make(Par, len(in))
	for x, i := range in {
		par[x] = parts[i]
	}
	return seq(append(out, par)...)
}

// proportional returns the proportional weight of each part in, over the
// tuples of the parts in; all 1 when every tuple weighs zero (nothing
// tells one part from another, so none is taken out).
func proportional(parts Par, in []int, w PairWeights) []float64 {
	cum := make([][]float64, len(in))
	total := 0.0
	for x := range in {
		cum[x] = make([]float64, len(in))
		for y := range x {
			c := w.cumulative(parts[in[x]], parts[in[y]])
			cum[x][y], cum[y][x] = c, c
			total += c
		}
	}
	props := make([]float64, len(in))
	for x := range in {
		if total == 0 {
			props[x] = 1
			continue
		}
		for y := range in {
			props[x] += cum[x][y]
		}
		props[x] /= total
	}
	return props
}

// Reduced is a reduction of a component's protocol.
type Reduced struct {
	Reduction Reduction
	Protocol  Protocol
}

// Reduce computes the reductions of c's calling protocol that apply under
// the pair weights w, in the paper's order (Reductions), and keeps them in
// c.Reduced: c.Protocol or, without one, the default protocol's parallel
// part, DefaultProtocol. A reduction whose protocol is the same as an
// earlier one's, or as the protocol itself, is left out: its
// environments would be drawn twice as often.
func (c *Component) Reduce(w PairWeights, threshold float64) {
	c.Reduced = nil
	base := c.Protocol
	if base == nil {
		base = c.DefaultProtocol(w)
	}
	seen := map[string]bool{base.String(): true}
	for _, r := range Reductions {
		if r == ParallelPrefixes && c.Init != nil {
			continue // the init method is InitP
		}
		p, ok := Reduce(base, r, w, threshold)
		if ok && !seen[p.String()] {
			seen[p.String()] = true
			c.Reduced = append(c.Reduced, Reduced{r, p})
		}
	}
}

// DefaultProtocol is the calling protocol behind the random-sequence
// environments, spelt so that the reductions can work on it: every
// operation repeated on a goroutine of its own ("Put; Put*"), all in
// parallel, and a second such goroutine for an operation the weights
// pair with itself, so that its tuple with itself is there to keep in
// parallel. A default Finish (a Close-like method) is a part only when
// the weights pair it with some method: otherwise it is called once,
// last, as in the random environments (always when it is FinishLast).
// The methods of a group of Serial make one part, an alternative of
// them repeated, never doubled.
func (c *Component) DefaultProtocol(w PairWeights) Protocol {
	suspect := func(m string) bool {
		for _, o := range c.Methods {
			if w.of(m, o.Name) > 0 {
				return true
			}
		}
		return false
	}
	var par Par
	grouped := map[int]bool{}
	for i, m := range c.Methods {
		if c.DefaultFinish && m.Name == c.Finish.Name && (c.FinishLast || !suspect(m.Name)) || grouped[i] {
			continue
		}
		if k := slices.IndexFunc(c.Serial, func(g []int) bool { return slices.Contains(g, i) }); k >= 0 {
			// A group of Serial is one part: its calls on one
			// goroutine.
			var alts Alt
			for _, j := range c.Serial[k] {
				grouped[j] = true
				if n := c.Methods[j].Name; !c.DefaultFinish || n != c.Finish.Name {
					alts = append(alts, Invoke{n})
				}
			}
			if len(alts) == 0 {
				continue
			}
			var one Protocol = alts
			if len(alts) == 1 {
				one = alts[0]
			}
			par = append(par, Seq{one, Star{one}})
			continue
		}
		part := Seq{Invoke{m.Name}, Star{Invoke{m.Name}}}
		par = append(par, part)
		if w.of(m.Name, m.Name) > 0 {
			par = append(par, part)
		}
	}
	return par
}

// WeightsOf returns the pair weights of c's methods from the detectors'
// findings in c's package (detect.Weights), by method name. A finding
// counts when its functions are methods of c's type (of any type of the
// package when c is an interface, whose methods the package's types
// implement); the others are left out.
func (c *Component) WeightsOf(fs []detect.Finding) PairWeights {
	recv := ""
	if n, ok := types.Unalias(derefType(c.Type)).(*types.Named); ok && !types.IsInterface(n) {
		recv = n.Obj().Name()
	}
	ops := map[string]bool{}
	for _, m := range c.Methods {
		ops[m.Name] = true
	}
	if c.Finish != nil {
		ops[c.Finish.Name] = true
	}
	// method returns the method name of "(*T).M" or "(T).M" if T is c's
	// type (or any, for an interface) and M is one of c's methods.
	method := func(rel string) (string, bool) {
		t, m, ok := strings.Cut(rel, ").")
		t = strings.TrimPrefix(strings.TrimPrefix(t, "("), "*")
		if !ok || recv != "" && t != recv || !ops[m] {
			return "", false
		}
		return m, true
	}
	w := PairWeights{}
	for k, x := range detect.Weights(fs) {
		a, okA := method(k[0])
		b, okB := method(k[1])
		if okA && okB {
			w[[2]string{min(a, b), max(a, b)}] += x
		}
	}
	return w
}
