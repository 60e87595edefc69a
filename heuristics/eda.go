package heuristics

import (
	"cmp"
	"fmt"
	"go/token"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/mcheck-dev/mcheck/sched"
)

// EDA is the search of Staunton and Clark 2010, "Searching for Safety
// Violations Using Estimation of Distribution Algorithms" (Sect. IV,
// Algorithm 1): each execution is an
// individual, its path the sequence of actions it performed (symbols
// "kind@file:line", eda_model.go). A generation of Population paths is
// sampled from an n-gram model; the fittest Selection of them
// (truncation selection, ranked by the Fitness metric, Algorithms 2 and
// 3) make the next generation's model, learned anew; the Elitism best
// individuals are copied into the next generation without running again;
// at each choice the model is ignored with probability Mutation. The
// first generation is sampled from a blank model (uniform choices)
// unless EDAOptions.Model gives a saved one (Sect. VI's observation
// that a model learned on a small instance guides larger ones).
//
// EDA is a sched.Observer; it must see every execution in order
// (sched.Options.Workers: 1), as it learns from each. Every choice
// depends only on the execution's seed and the executions before it, so
// the search is as deterministic as the others, and a failure replays
// from its schedule alone.
type EDA struct {
	opts  EDAOptions
	model *Model // the model this generation samples from
	rng   *rand.Rand
	ex    *sched.Execution

	cur     individual   // the execution in progress
	started bool         // cur is an execution that ran
	pop     []individual // the current generation: elites, then evaluated paths
	prev    []individual // the previous generation, before selection
	gen     int
	pending []int32        // the symbol of each goroutine's pending operation, once asked (-1: not yet), by id
	memory  []bool         // whether a symbol is a load or store of shared memory, by symbol
	sites   map[site]int32 // the symbols of the sites resolved (Resolve, by kind@position), in the one program the search explores
	note    string
	checked bool // the loaded model was checked against the code (checkModel)

	acts   []int32   // scratch: the distinct actions available at a choice
	ws     []float64 // scratch: their weights (Model.choose)
	poised []int     // scratch: the goroutines poised at the chosen one
}

// EDAOptions are the parameters of the EDA; zero fields take the
// paper's values (Staunton and Clark 2010, Sect. V): population 150, truncation to the top 20%, elitism
// 1, mutation 0.001, n = 3, the blocked-goroutines fitness.
type EDAOptions struct {
	Population int
	Selection  float64 // the fraction of a generation the model learns from
	Elitism    int     // individuals copied to the next generation (negative: none)
	Mutation   float64 // probability of a uniform choice (negative: none)
	N          int     // longest n-gram context (at most MaxN)
	Fitness    Fitness
	// Memory makes loads and stores of shared memory actions of the
	// paths and points where the search switches goroutines. Off (the
	// default), a goroutine stopped at a load or store goes on, as with
	// sched.Options.SyncOnly, and the paths are made of the other
	// operations (synchronisation, go, atomics): the paper's DiningPhil
	// alphabet, which the accesses between them would drown (with them,
	// DiningPhil(8) is found in 20,000 executions by 2 of 5 seeds; without,
	// by 5 of 5 in under 2,500). The race detector still sees every
	// access, and the Race fitness counts them.
	Memory bool
	// Model, if set, is the first generation's model (a saved one, see
	// LoadModel); nil: blank. The search adds the actions it meets to
	// the model's alphabet: give each search a model of its own.
	Model *Model
}

// The parameters of Staunton and Clark 2010 (Sect. V).
const (
	DefaultPopulation = 150
	DefaultSelection  = 0.2
	DefaultElitism    = 1
	DefaultMutation   = 0.001
	DefaultN          = 3
)

func (o *EDAOptions) defaults() {
	if o.Population <= 0 {
		o.Population = DefaultPopulation
	}
	if o.Selection <= 0 || o.Selection > 1 {
		o.Selection = DefaultSelection
	}
	switch {
	case o.Elitism == 0:
		o.Elitism = DefaultElitism
	case o.Elitism < 0:
		o.Elitism = 0
	}
	o.Elitism = min(o.Elitism, o.Population-1)
	switch {
	case o.Mutation == 0:
		o.Mutation = DefaultMutation
	case o.Mutation < 0:
		o.Mutation = 0
	}
	if o.N <= 0 {
		o.N = DefaultN
	}
	o.N = min(o.N, MaxN)
}

// individual is one evaluated path.
type individual struct {
	index int // the execution's index
	path  []int32
	score scorer
	fit   float64
}

// NewEDA returns an EDA search with opts.
func NewEDA(opts EDAOptions) *EDA {
	opts.defaults()
	e := &EDA{opts: opts, model: opts.Model}
	if e.model == nil || e.model.N != opts.N {
		if e.model != nil {
			e.note = fmt.Sprintf("the saved EDA model has n = %d, this search n = %d: ignored", e.model.N, opts.N)
		}
		e.model = NewModel(opts.N)
	}
	return e
}

var _ sched.Observer = (*EDA)(nil)

// NewExecution implements sched.Strategy: it evaluates the execution
// that just ended and, when a generation is complete, selects and learns
// the next generation's model (Algorithm 1's loop body).
func (e *EDA) NewExecution(i int, seed uint64) bool {
	if e.started {
		e.finish()
	}
	e.started = true
	e.rng = rand.New(rand.NewPCG(seed, 0x656461))
	e.cur = individual{index: i, score: newScorer(e.opts.Fitness)}
	e.pending = e.pending[:0]
	return true
}

// finish evaluates the current individual and moves to the next
// generation when this one is full.
func (e *EDA) finish() {
	e.cur.fit = e.cur.score.score()
	e.cur.score = scorer{} // its objects are of a finished execution
	e.pop = append(e.pop, e.cur)
	e.checkModel()
	if len(e.pop) < e.opts.Population {
		return
	}
	ranked := rank(e.pop)
	e.model = e.model.Fresh()
	e.model.Learn(paths(ranked[:e.selected()]))
	e.prev = e.pop
	e.pop = slices.Clone(ranked[:e.opts.Elitism])
	e.gen++
}

// selected is how many individuals truncation selection keeps.
func (e *EDA) selected() int {
	return max(1, int(math.Round(e.opts.Selection*float64(e.opts.Population))))
}

// rank sorts individuals fittest first; ties go to the earlier
// execution, so that the ranking is deterministic.
func rank(pop []individual) []individual {
	r := slices.Clone(pop)
	slices.SortStableFunc(r, func(a, b individual) int {
		if c := cmp.Compare(b.fit, a.fit); c != 0 {
			return c
		}
		return cmp.Compare(a.index, b.index)
	})
	return r
}

func paths(pop []individual) [][]int32 {
	ps := make([][]int32, len(pop))
	for i, p := range pop {
		ps[i] = p.path
	}
	return ps
}

// checkModel checks a loaded model against the code after the first
// execution: if fewer than half of the distinct operations that
// execution performed are known to the model, the model was learned on
// other code and is dropped (blank) with a note.
func (e *EDA) checkModel() {
	if e.checked || e.model.loaded == 0 || e.model.Blank() {
		return
	}
	e.checked = true
	seen := map[int32]bool{}
	known := 0
	for _, s := range e.cur.path {
		if !seen[s] {
			seen[s] = true
			if int(s) < e.model.loaded {
				known++
			}
		}
	}
	if 2*known < len(seen) {
		e.note = fmt.Sprintf("the saved EDA model does not match the code (it knows %d of the %d operations of an execution): ignored", known, len(seen))
		e.model = e.model.Fresh()
	}
}

// site is an operation's kind and position (sched.Execution.Site).
type site struct {
	kind string
	pos  token.Pos
}

// Begin implements sched.Observer.
func (e *EDA) Begin(ex *sched.Execution) { e.ex = ex }

// symbol returns the action goroutine g (or sched.Clock) would perform.
func (e *EDA) symbol(g int) int32 {
	if g < len(e.pending) && e.pending[g] >= 0 {
		return e.pending[g]
	}
	kind, at := e.ex.Site(g)
	s, ok := e.sites[site{kind, at}]
	if !ok {
		s = e.model.Resolve(kind + "@" + e.ex.Where(at))
		if e.sites == nil {
			e.sites = map[site]int32{}
		}
		e.sites[site{kind, at}] = s
	}
	if int(s) >= len(e.memory) {
		e.memory = append(e.memory, make([]bool, int(s)+1-len(e.memory))...)
	}
	if kind == "read" || kind == "write" {
		e.memory[s] = true
	}
	if g != sched.Clock { // the earliest timer changes as others are set
		for len(e.pending) <= g {
			e.pending = append(e.pending, -1)
		}
		e.pending[g] = s
	}
	return s
}

// AccessBlind implements sched.AccessBlind: only the Race fitness reads
// what an operation touches.
func (e *EDA) AccessBlind() bool { return e.opts.Fitness != Race }

// Performed implements sched.Observer: the action joins the path and
// the metric.
func (e *EDA) Performed(op sched.Op) {
	if s := e.symbol(op.G); e.opts.Memory || !e.memory[s] {
		e.cur.path = append(e.cur.path, s)
	}
	if op.G < len(e.pending) {
		e.pending[op.G] = -1
	}
	e.cur.score.performed(e.ex, op)
}

// NextGoroutine implements sched.Strategy: MakeAChoice (Sect. IV.D). The
// model chooses among the distinct actions available, then one of the
// goroutines poised at the chosen action is picked at random.
func (e *EDA) NextGoroutine(enabled []int, current int) int {
	if !e.opts.Memory && current > 0 && e.memory[e.symbol(current)] && slices.Contains(enabled, current) {
		return current
	}
	e.acts = e.acts[:0]
	for _, g := range enabled {
		if s := e.symbol(g); !slices.Contains(e.acts, s) {
			e.acts = append(e.acts, s)
		}
	}
	var a int
	if e.opts.Mutation > 0 && e.rng.Float64() < e.opts.Mutation {
		a = e.rng.IntN(len(e.acts))
	} else {
		a, e.ws = e.model.choose(e.rng, e.cur.path, e.acts, e.ws)
	}
	e.poised = e.poised[:0]
	for _, g := range enabled {
		if e.symbol(g) == e.acts[a] {
			e.poised = append(e.poised, g)
		}
	}
	return e.poised[e.rng.IntN(len(e.poised))]
}

// NextNumber implements sched.Strategy: which ready case of a select
// runs is uniform.
func (e *EDA) NextNumber(n int) int { return e.rng.IntN(n) }

// Generations returns how many generations have been completed.
func (e *EDA) Generations() int { return e.gen }

// Note returns what the search has to say about the model it was given
// ("" if nothing): that it was ignored, and why.
func (e *EDA) Note() string { return e.note }

// Fitness returns the search's metric.
func (e *EDA) Fitness() Fitness { return e.opts.Fitness }

// Learned returns the model to keep for the next run: learned from the
// fittest paths of the current generation, led by the path of execution
// failed if it is one of them (Algorithm 2: a path with an error wins)
// (failed < 0: no failure). A search that evaluated nothing returns the
// model it started from.
func (e *EDA) Learned(failed int) *Model {
	pop := slices.Clone(e.pop)
	if e.started {
		c := e.cur
		c.fit = c.score.score()
		pop = append(pop, c)
	}
	var lead []individual
	if failed >= 0 {
		for _, in := range slices.Concat(e.prev, pop) {
			if in.index == failed {
				lead = append(lead, in)
				break
			}
		}
	}
	sel := slices.Concat(lead, rank(slices.DeleteFunc(pop, func(in individual) bool { return in.index == failed })))
	if len(lead) == 0 && len(pop) < e.selected() && !e.model.Blank() {
		return e.model // too few new paths: the model they were sampled from
	}
	m := e.model.Fresh()
	m.Learn(paths(sel[:min(len(sel), e.selected())]))
	return m
}
