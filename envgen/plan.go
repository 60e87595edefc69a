package envgen

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
)

// Env names an environment kind (Parizek and Kalibera 2010).
const (
	Random    = "random"    // random-sequence environment (Figure 1b)
	Universal = "universal" // universal environment (Figure 1a)
)

// EnvKind is one kind of environment, as options name it.
type EnvKind struct {
	Name, Doc string
}

// Envs are the kinds of environment, the default first. Adding one is
// one line here, and its case in the code that makes plans.
var Envs = []EnvKind{
	{Random, "each goroutine calls a random sequence of methods"},
	{Universal, "the search chooses each call"},
}

// DefaultEnv is the kind of environment when none is named.
const DefaultEnv = Random

// EnvNames lists the names of Envs, the default first.
func EnvNames() []string {
	names := make([]string, len(Envs))
	for i, e := range Envs {
		names[i] = e.Name
	}
	return names
}

// Call is one call of an environment: the method's index in
// Component.Methods and, per parameter, an index into its domain.
type Call struct {
	Method int
	Args   []int
}

// Plan is one environment of a component: what the interpreter runs
// after the constructor returned.
type Plan struct {
	Env     string
	NewArgs []int    // the constructor's arguments (domain indexes)
	Init    []int    // the arguments of the init method, if any
	Finish  []int    // and of the finish method
	Threads [][]Call // random: each goroutine's calls, in order
	// Universal: each goroutine loops, choosing at choice points (which
	// the search explores) whether to go on and which method to call
	// with which arguments; Perm maps a choice to a method (randomised
	// per environment, as Parizek and Kalibera 2010 do to undo JPF's
	// fixed order), and
	// MaxCalls bounds the loop so the space is finite.
	Goroutines int
	Perm       []int
	MaxCalls   int
	// Free is set for a random environment of a component whose Finish
	// is the default protocol's (Component.DefaultFinish) that calls it
	// among the other methods and not at the end.
	Free bool
	// Phases, for an environment drawn from a calling protocol, groups
	// Threads: the first Phases[0] goroutines run, then, once they all
	// returned, the next Phases[1]... (nil: one phase of all Threads).
	Phases []int
	// Suspend, for a sequential run of the baseline (Suspended), starts
	// each phase once the calls before it returned or are blocked (not
	// in tokens: it is never reported).
	Suspend bool
	// After, in a suspended run, is for each goroutine the one before it
	// that runs calls of the same goroutine of the original plan (-1 if
	// none): its calls start only if those all returned, as the original
	// goroutine would not go on past a call left blocked.
	After []int
	// Settle, in a suspended run (Settled), says of each call whether it
	// starts only once the component's own goroutines are done or
	// blocked too.
	Settle []bool
	// Results, for a sequential run of the baseline, has every call's
	// results recorded, also in executions that are not reported (not in
	// tokens: it is never reported).
	Results bool
	// Reduction, if not Unreduced, says the plan is a trace of that
	// reduction of the protocol (Component.Reduced, NewReduced).
	Reduction Reduction
	// Holders, for a sequential run of the baseline (Sequential,
	// Suspended), is per goroutine and call the goroutine of the
	// original plan that makes the call: what a goroutine holds of a
	// pair (Component.Pairs) is counted over the calls of its original
	// goroutine (nil: each goroutine its own). Not in tokens: it is
	// never reported.
	Holders [][]int
	// Unpaired runs the calls as they are, with no acquire/release
	// pairing (the check layer's probe of the domains, which tries a
	// Release alone). Not in tokens.
	Unpaired bool
}

// Draw makes environment env (Random or Universal) of g goroutines from
// seed alone; a random environment of a component with a calling
// protocol is a random trace of the protocol (NewProtocol), and one of a
// reduction r (not Unreduced) a trace of the reduced protocol of c.Reduced
// (NewReduced).
func Draw(c *Component, env string, r Reduction, g, maxCalls int, seed uint64) *Plan {
	rng := rand.New(rand.NewPCG(seed, 0x6d636865636b))
	k := slices.IndexFunc(c.Reduced, func(x Reduced) bool { return x.Reduction == r })
	switch {
	case env == Universal:
		return NewUniversal(c, g, maxCalls, rng)
	case r != Unreduced && k >= 0:
		return NewReduced(c, k, rng)
	case c.Protocol != nil:
		return NewProtocol(c, rng)
	}
	p := NewRandom(c, g, rng)
	if c.DefaultFinish && !c.FinishLast && rng.IntN(2) == 0 {
		p = NewFree(c, g, rng)
	}
	return p
}

// NewRandom draws a random-sequence environment (Parizek and Kalibera
// 2010, Figure 1b)
// of g goroutines: each calls a sequence of methods whose length is
// drawn from [1, 2|M|], each method uniformly, each argument uniformly
// from its domain. The methods of a group of c.Serial are called by one
// goroutine only, drawn per group (a goroutine left without methods
// makes no call).
func NewRandom(c *Component, g int, rng *rand.Rand) *Plan {
	return newRandom(c, g, false, rng)
}

// NewFree is NewRandom with a default Finish among the operations, not
// called at the end (see Plan.Free).
func NewFree(c *Component, g int, rng *rand.Rand) *Plan {
	return newRandom(c, g, true, rng)
}

func newRandom(c *Component, g int, free bool, rng *rand.Rand) *Plan {
	p := &Plan{Env: Random, Goroutines: g, Free: free}
	p.fixedArgs(c, rng)
	all := c.operations(free)
	// The methods of each group of Serial are called by one goroutine,
	// its owner.
	owner := map[int]int{}
	for _, grp := range c.Serial {
		o := rng.IntN(g)
		for _, m := range grp {
			owner[m] = o
		}
	}
	for k := range g {
		ops := slices.DeleteFunc(slices.Clone(all), func(m int) bool { o, ok := owner[m]; return ok && o != k })
		if len(ops) == 0 {
			p.Threads = append(p.Threads, []Call{})
			continue
		}
		n := 1 + rng.IntN(2*len(ops))
		calls := make([]Call, n)
		for i := range calls {
			calls[i] = drawCall(c, ops[rng.IntN(len(ops))], rng)
		}
		p.Threads = append(p.Threads, calls)
	}
	return p
}

// operations lists the indexes of the methods a random environment
// calls: all of them, but a default Finish only when free.
func (c *Component) operations(free bool) []int {
	var ops []int
	for i, m := range c.Methods {
		if free || !c.DefaultFinish || m.Name != c.Finish.Name {
			ops = append(ops, i)
		}
	}
	return ops
}

// NewUniversal makes a universal environment (Parizek and Kalibera 2010,
// Figure 1a) of
// g goroutines, each making at most maxCalls calls (default 2|M|).
func NewUniversal(c *Component, g, maxCalls int, rng *rand.Rand) *Plan {
	if maxCalls <= 0 {
		maxCalls = 2 * len(c.Methods)
	}
	ops := c.operations(false)
	p := &Plan{Env: Universal, Goroutines: g, MaxCalls: maxCalls, Perm: make([]int, len(ops))}
	for i, k := range rng.Perm(len(ops)) {
		p.Perm[i] = ops[k]
	}
	p.fixedArgs(c, rng)
	return p
}

func (p *Plan) fixedArgs(c *Component, rng *rand.Rand) {
	p.NewArgs = drawArgs(c.Params, rng, c.Skip...)
	if c.Init != nil {
		p.Init = drawArgs(c.Init.Params, rng, c.Init.Skip...)
	}
	if c.Finish != nil {
		p.Finish = drawArgs(c.Finish.Params, rng)
	}
}

func drawCall(c *Component, m int, rng *rand.Rand) Call {
	return Call{Method: m, Args: drawArgs(c.Methods[m].Params, rng, c.Methods[m].Skip...)}
}

// drawArgs draws an argument for each domain of ds, uniformly among its
// values but those skip marks (Method.Skip).
func drawArgs(ds []Domain, rng *rand.Rand, skip ...[]bool) []int {
	if len(ds) == 0 {
		return nil
	}
	args := make([]int, len(ds))
	for i, d := range ds {
		var sk []bool
		if i < len(skip) {
			sk = skip[i]
		}
		n := len(d.Values)
		for _, s := range sk {
			if s {
				n--
			}
		}
		k := rng.IntN(n)
		for j := range d.Values {
			if j < len(sk) && sk[j] {
				continue
			}
			if k == 0 {
				args[i] = j
				break
			}
			k--
		}
	}
	return args
}

// Calls is the number of calls of a random-sequence environment.
func (p *Plan) Calls() int {
	n := 0
	for _, th := range p.Threads {
		n += len(th)
	}
	return n
}

// Kind says what kind of environment p is, for reports: "random
// sequences", "random sequences, Close among the calls" (Free), "a trace
// of the protocol P", or "universal".
func (p *Plan) Kind(c *Component) string {
	switch {
	case p == nil:
		return "replayed"
	case p.Env == Universal:
		return "universal"
	case p.Reduction != Unreduced:
		base := "the default protocol"
		if c.Protocol != nil {
			base = "the protocol " + c.Protocol.String()
		}
		for _, r := range c.Reduced {
			if r.Reduction == p.Reduction {
				return fmt.Sprintf("a trace of %s (the %s of %s by the P1–P4 weights)", r.Protocol, p.Reduction, base)
			}
		}
		return fmt.Sprintf("a trace of the %s of %s", p.Reduction, base)
	case c.Protocol != nil:
		return "a trace of the protocol " + c.Protocol.String()
	case p.Free:
		return "random sequences, " + c.Finish.Name + " among the calls"
	case c.DefaultFinish:
		return "random sequences, " + c.Finish.Name + " last"
	}
	return "random sequences"
}

// phases returns how many goroutines each phase starts (see Phases).
func (p *Plan) phases() []int {
	if p.Phases == nil {
		return []int{len(p.Threads)}
	}
	return p.Phases
}

// Without returns a copy of p without call j of goroutine g.
func (p *Plan) Without(g, j int) *Plan {
	q := *p
	q.Threads = make([][]Call, len(p.Threads))
	for i, th := range p.Threads {
		q.Threads[i] = append([]Call(nil), th...)
	}
	q.Threads[g] = append(q.Threads[g][:j:j], q.Threads[g][j+1:]...)
	if p.Holders != nil {
		q.Holders = slices.Clone(p.Holders)
		q.Holders[g] = append(q.Holders[g][:j:j], q.Holders[g][j+1:]...)
	}
	return &q
}

// Check reports whether p fits c (a plan decoded from a token, say).
func (p *Plan) Check(c *Component) error {
	bad := func(what string) error {
		return fmt.Errorf("the environment does not fit %s (%s): was the component changed since the token was printed?", c.Ctor, what)
	}
	argsFit := func(args []int, ds []Domain) bool {
		if len(args) != len(ds) {
			return false
		}
		for i, a := range args {
			if a < 0 || a >= len(ds[i].Values) {
				return false
			}
		}
		return true
	}
	if !argsFit(p.NewArgs, c.Params) {
		return bad("constructor arguments")
	}
	if (c.Init != nil && !argsFit(p.Init, c.Init.Params)) || (c.Finish != nil && !argsFit(p.Finish, c.Finish.Params)) {
		return bad("init or finish arguments")
	}
	for _, th := range p.Threads {
		for _, call := range th {
			if call.Method < 0 || call.Method >= len(c.Methods) || !argsFit(call.Args, c.Methods[call.Method].Params) {
				return bad("a call")
			}
		}
	}
	for _, m := range p.Perm {
		if m < 0 || m >= len(c.Methods) {
			return bad("a method")
		}
	}
	if len(p.Perm) != 0 && len(p.Perm) != len(c.operations(false)) {
		return bad("the number of methods")
	}
	return nil
}

// The environment part of a replay token: "e1." and the base64url of
// uvarints.

const planPrefix = "e1."

// Encode returns p as a token part.
func (p *Plan) Encode() string {
	var b []byte
	u := func(n int) { b = binary.AppendUvarint(b, uint64(n)) }
	list := func(xs []int) {
		u(len(xs))
		for _, x := range xs {
			u(x)
		}
	}
	switch {
	case p.Env == Universal:
		u(1)
	case p.Free:
		u(2)
	default:
		u(0)
	}
	list(p.NewArgs)
	list(p.Init)
	list(p.Finish)
	u(p.Goroutines)
	u(p.MaxCalls)
	list(p.Perm)
	u(len(p.Threads))
	for _, th := range p.Threads {
		u(len(th))
		for _, c := range th {
			u(c.Method)
			list(c.Args)
		}
	}
	if p.Phases != nil || p.Reduction != Unreduced {
		list(p.Phases) // last: tokens without phases still decode
	}
	if p.Reduction != Unreduced {
		u(int(p.Reduction))
	}
	return planPrefix + base64.RawURLEncoding.EncodeToString(b)
}

// Decode parses a token part made by Encode.
func Decode(s string) (*Plan, error) {
	rest, ok := strings.CutPrefix(s, planPrefix)
	if !ok {
		return nil, fmt.Errorf("environment token %q does not start with %s", s, planPrefix)
	}
	b, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, fmt.Errorf("environment token %q: %v", s, err)
	}
	bad := false
	u := func() int {
		x, n := binary.Uvarint(b)
		if n <= 0 || x > 1<<20 {
			bad = true
			b = nil
			return 0
		}
		b = b[n:]
		return int(x)
	}
	list := func() []int {
		n := u()
		if n == 0 || n > len(b) {
			bad = bad || n > len(b)
			return nil
		}
		xs := make([]int, n)
		for i := range xs {
			xs[i] = u()
		}
		return xs
	}
	p := &Plan{Env: Random}
	switch u() {
	case 1:
		p.Env = Universal
	case 2:
		p.Free = true
	}
	p.NewArgs, p.Init, p.Finish = list(), list(), list()
	p.Goroutines, p.MaxCalls = u(), u()
	p.Perm = list()
	nt := u()
	for i := 0; i < nt && !bad; i++ {
		n := u()
		th := []Call{}
		for j := 0; j < n && !bad; j++ {
			th = append(th, Call{Method: u(), Args: list()})
		}
		p.Threads = append(p.Threads, th)
	}
	if len(b) > 0 && !bad {
		p.Phases = list()
		sum := 0
		for _, n := range p.Phases {
			sum += n
		}
		bad = bad || sum != len(p.Threads)
	}
	if len(b) > 0 && !bad {
		p.Reduction = Reduction(u())
		bad = bad || p.Reduction < Unreduced || p.Reduction > RecursiveReduction
	}
	if bad || len(b) != 0 {
		return nil, fmt.Errorf("environment token %q is corrupt", s)
	}
	return p, nil
}

// Describe spells p as the report's environment line: each goroutine's
// calls with their arguments ("g2: Put(1, "a"); Get(1)", a line per
// goroutine, labelled with ids, or g1, g2… without). results, if not nil, holds per goroutine what each call returned, and
// started how many calls each goroutine started: a call started but not
// returned is marked, and calls never reached too, and a release-like
// call the environment did not make (NotCalled, pairs.go).
func (p *Plan) Describe(c *Component, pr *Printer, ids []int, results [][]string, started []int) string {
	if p.Env == Universal {
		return fmt.Sprintf("universal: %d goroutines, each calling up to %d methods chosen at choice points", p.Goroutines, p.MaxCalls)
	}
	var parts []string
	for g, th := range p.Threads {
		calls := make([]string, len(th))
		for j, call := range th {
			calls[j] = p.CallString(c, pr, call)
			switch {
			case g < len(results) && j < len(results[g]):
				calls[j] += ResultString(results[g][j])
			case g < len(started) && j < started[g]:
				calls[j] += " (did not return)"
			case g < len(started):
				calls[j] += " (not reached)"
			}
		}
		id := g + 1
		if g < len(ids) {
			id = ids[g]
		}
		line := strings.Join(calls, "; ")
		if len(calls) == 0 {
			line = "(no calls)"
		}
		parts = append(parts, fmt.Sprintf("g%d: %s", id, line))
	}
	return strings.Join(parts, "\n")
}

// CallString spells one call: "Put(1, "a")".
func (p *Plan) CallString(c *Component, pr *Printer, call Call) string {
	m := c.Methods[call.Method]
	return m.Name + "(" + Args(pr, m.Params, call.Args, m.Sig.Variadic()) + ")"
}

// Args spells the arguments args (domain indexes) of parameters ds.
func Args(pr *Printer, ds []Domain, args []int, variadic bool) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = pr.Value(ds[i].Values[a], ds[i].Type)
		if variadic && i == len(args)-1 {
			parts[i] += "..."
		}
	}
	return strings.Join(parts, ", ")
}

// CallRef names call J of goroutine G of a random-sequence environment.
type CallRef struct{ G, J int }

// Merges returns orders in which the calls of p's goroutines can run one
// at a time, each goroutine's calls in their own order: all of them when
// there are at most limit, otherwise limit distinct ones drawn uniformly
// from seed (the same for the same seed).
func (p *Plan) Merges(limit int, seed uint64) [][]CallRef {
	if p.Phases != nil {
		return p.phaseMerges(limit, seed)
	}
	total := p.Calls()
	left := make([]int, len(p.Threads))
	var out [][]CallRef
	if n, ok := p.NumMerges(); ok && n <= limit {
		var order []CallRef
		var walk func()
		walk = func() {
			if len(order) == total {
				out = append(out, slices.Clone(order))
				return
			}
			for g, th := range p.Threads {
				if left[g] < len(th) {
					order = append(order, CallRef{g, left[g]})
					left[g]++
					walk()
					left[g]--
					order = order[:len(order)-1]
				}
			}
		}
		walk()
		return out
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d6572676573))
	seen := map[string]bool{}
	for tries := 0; len(out) < limit && tries < 8*limit; tries++ {
		clear(left)
		order := make([]CallRef, 0, total)
		var key strings.Builder
		for rest := total; rest > 0; rest-- {
			// Goroutine g next with probability (its calls left)/rest:
			// every merge equally likely.
			k := rng.IntN(rest)
			g := 0
			for ; k >= len(p.Threads[g])-left[g]; g++ {
				k -= len(p.Threads[g]) - left[g]
			}
			order = append(order, CallRef{g, left[g]})
			left[g]++
			fmt.Fprintf(&key, "%d,", g)
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			out = append(out, order)
		}
	}
	return out
}

// NumMerges returns how many orders of p's calls one at a time there
// are, each goroutine's calls in their own order (the multinomial
// coefficient of the goroutines' numbers of calls); ok is false when p
// is in phases or the number does not fit an int.
func (p *Plan) NumMerges() (n int, ok bool) {
	if p.Phases != nil {
		return 0, false
	}
	m := big.NewInt(1)
	total := 0
	for _, th := range p.Threads {
		total += len(th)
		m.Mul(m, new(big.Int).Binomial(int64(total), int64(len(th))))
	}
	if !m.IsInt64() || m.Int64() > math.MaxInt32 {
		return 0, false
	}
	return int(m.Int64()), true
}

// phaseMerges is Merges of a plan in phases (a protocol trace): an order
// runs the phases one after the other, as the plan does; the i-th order
// takes the i-th merge of each phase (cycling through those with fewer),
// so there are as many orders as the phase with the most has.
func (p *Plan) phaseMerges(limit int, seed uint64) [][]CallRef {
	var per [][][]CallRef
	first, most := 0, 1
	for _, n := range p.Phases {
		sub := &Plan{Threads: p.Threads[first : first+n]}
		ms := sub.Merges(limit, seed)
		for _, m := range ms {
			for i := range m {
				m[i].G += first
			}
		}
		per = append(per, ms)
		most = max(most, len(ms))
		first += n
	}
	out := make([][]CallRef, most)
	for i := range out {
		for _, ms := range per {
			out[i] = append(out[i], ms[i%len(ms)]...)
		}
	}
	return out
}

// Sequential returns a copy of p whose calls, those of order, run on one
// goroutine in that order.
func (p *Plan) Sequential(order []CallRef) *Plan {
	q := *p
	calls := make([]Call, len(order))
	holders := make([]int, len(order))
	for i, r := range order {
		calls[i], holders[i] = p.Threads[r.G][r.J], p.Holder(r.G, r.J)
	}
	q.Threads, q.Goroutines, q.Phases, q.Holders = [][]Call{calls}, 1, nil, [][]int{holders}
	return &q
}

// Holder is the goroutine whose holdings of pairs (Component.Pairs)
// call j of goroutine g counts: g itself, but in a sequential run of the
// baseline (Holders).
func (p *Plan) Holder(g, j int) int {
	if p.Holders != nil {
		return p.Holders[g][j]
	}
	return g
}

// Suspended is Sequential with each call on a goroutine of its own, in a
// phase of its own that starts once the calls before it returned or are
// blocked (Suspend): a call that blocks waits, suspended, for a later one
// to wake it. A call after one of its own goroutine's that is blocked
// does not start (After).
func (p *Plan) Suspended(order []CallRef) *Plan { return p.suspended(order, false) }

// Settled is Suspended with calls started once everything the calls
// before them started (the component's goroutines) is done or blocked
// too (Settle): every call or, with atSwitch, each run of one goroutine's
// calls in order, which run back to back on one goroutine.
func (p *Plan) Settled(order []CallRef, atSwitch bool) *Plan {
	q := p.suspended(order, atSwitch)
	for range q.Threads {
		q.Settle = append(q.Settle, true)
	}
	return q
}

// SettledAt is Sequential with pauses: the calls of order run back to
// back on one goroutine, but where at[k] holds a new goroutine takes over
// at call k once everything the calls before started (the component's
// goroutines) is done or blocked (Settle), as a caller that waits a
// while between two calls. A call blocked stops the calls after it, as
// on one goroutine (After: each goroutine starts only if the one before
// returned from all its calls).
func (p *Plan) SettledAt(order []CallRef, at []bool) *Plan {
	q := *p
	q.Threads, q.Phases, q.After, q.Settle, q.Suspend, q.Holders = nil, nil, nil, nil, true, nil
	for k, r := range order {
		c, h := p.Threads[r.G][r.J], p.Holder(r.G, r.J)
		if k > 0 && !at[k] {
			n := len(q.Threads) - 1
			q.Threads[n] = append(q.Threads[n], c)
			q.Holders[n] = append(q.Holders[n], h)
			continue
		}
		q.After = append(q.After, len(q.Threads)-1)
		q.Threads = append(q.Threads, []Call{c})
		q.Holders = append(q.Holders, []int{h})
		q.Phases = append(q.Phases, 1)
		q.Settle = append(q.Settle, true)
	}
	q.Goroutines = len(q.Threads)
	return &q
}

// suspended makes the goroutines of a suspended run: one per call, or,
// with runs, one per run of one goroutine's calls in order.
func (p *Plan) suspended(order []CallRef, runs bool) *Plan {
	q := *p
	q.Threads, q.Phases, q.After, q.Suspend, q.Holders = nil, nil, nil, true, nil
	last := map[int]int{} // original goroutine → its last goroutine here
	for i, r := range order {
		c, h := p.Threads[r.G][r.J], p.Holder(r.G, r.J)
		if runs && i > 0 && r.G == order[i-1].G {
			k := len(q.Threads) - 1
			q.Threads[k] = append(q.Threads[k], c)
			q.Holders[k] = append(q.Holders[k], h)
			continue
		}
		prev, ok := last[r.G]
		if !ok {
			prev = -1
		}
		q.Threads = append(q.Threads, []Call{c})
		q.Holders = append(q.Holders, []int{h})
		q.Phases = append(q.Phases, 1)
		q.After = append(q.After, prev)
		last[r.G] = len(q.Threads) - 1
	}
	q.Goroutines = len(q.Threads)
	return &q
}
