package heuristics

import (
	"container/heap"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
)

// DefaultBacktrackBound is the number of backtrack states guided test
// keeps (Rungta and Mercer 2008, Sect. 3.1: "we save at most 100,000
// backtrack states").
const DefaultBacktrackBound = 100_000

// A HeuristicFactory makes the secondary heuristic of one trial of
// guided test; seed is the trial's, for a heuristic that draws random
// numbers, and prefer the creation sites of the goroutines the user
// named (the prefer heuristic's).
type HeuristicFactory func(seed uint64, prefer []Location) Heuristic

// Heuristics are the secondary heuristics by name, as
// -mcheck.heuristic takes them. Adding one is one line here.
var Heuristics = map[string]HeuristicFactory{
	"random":       func(seed uint64, _ []Location) Heuristic { return NewRandom(seed) },
	"prefer":       func(_ uint64, prefer []Location) Heuristic { return NewPrefer(prefer) },
	"most-blocked": func(uint64, []Location) Heuristic { return NewMostBlocked() },
	"pfsm":         func(uint64, []Location) Heuristic { return NewPFSM() },
	"fsm":          func(uint64, []Location) Heuristic { return NewFSM() },
}

// DefaultHeuristic is the secondary heuristic of guided test when none
// is named: the best of Rungta and Mercer 2008's, the polymorphic
// distance heuristic PFSM (pfsm.go).
const DefaultHeuristic = "pfsm"

// HeuristicNames lists the names of Heuristics, sorted.
func HeuristicNames() []string {
	var names []string
	for n := range Heuristics {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Guided is one trial of guided test (Rungta and Mercer 2008, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors"): a greedy depth-first search (Fig. 2) that drives
// the program along a sequence of locations with a two-tier ranking of the
// successors of a state (Fig. 4) and backtracks stochastically (Fig. 5).
// It is a sched.Strategy and sched.Observer; pass NewGuided's trials as
// sched.Options.Custom. Each worker of an exploration is one independent
// trial with its own seed (drawn from the first execution it runs), so
// trials run in parallel on the workers; a trial is deterministic for
// its seed.
//
// States are schedule prefixes: a successor is kept as its parent's
// choices plus the choice that leads to it, and restored by replaying
// them from the initial state in a fresh execution. mcheck's machine has
// no snapshot (goroutine stacks, heap, channels, timers and the race
// detector's clocks would all have to be copied), while replaying a
// prefix costs one interpretation of it, which is what the paper's search
// itself pays to reach the state; Stats counts the replayed steps so the
// cost shows. Restoring is exact for programs whose behaviour depends on
// the schedule alone: map iteration order and math/rand draw from the
// execution's seed, which differs between executions, so a prefix may
// not fit; a choice that does not fit ends the replay there (Stats.Misfits)
// and the search goes on greedily.
//
// The seed checks a visited set before ranking a successor (Fig. 4,
// line 3). By default the search tree is a tree of prefixes, and no
// prefix is put in the backtrack set twice; WithVisited adds the visited
// set by state fingerprints (guided_visited.go).
type Guided struct {
	locs    []Location
	factory HeuristicFactory
	prefer  []Location
	bound   int

	h       Heuristic
	rng     *rand.Rand
	started bool
	bt      backtrack

	ex      *sched.Execution
	cur     *node // the path so far: its last choice (while replaying: the state restored)
	replay  []int // the prefix this execution restores
	next    int   // the next choice of replay to take
	level   int   // locations of locs observed on the path (the meta level)
	lastH   int   // the secondary value of the last successor chosen
	lastPos map[int]srcPos
	por     guidedPOR  // sleep sets (guided_por.go), if on
	dpor    guidedDPOR // source-DPOR (guided_dpor.go), if on
	visited visitedSet // the states seen (guided_visited.go), if on

	stats GuidedStats
}

// GuidedStats are the figures of a trial.
type GuidedStats struct {
	Executions int   // paths run
	Choices    int64 // choice points taken greedily
	Replayed   int64 // choices replayed to restore a backtrack state
	Backtracks int   // backtrack states restored
	Dropped    int   // backtrack states dropped to keep the bound
	Misfits    int   // restored prefixes that did not replay (see Guided)
	MaxLevel   int   // the most locations of the sequence one path observed
	Asleep     int64 // successors not kept because they slept (SleepSets)
	// Unraced counts the successors not kept because no race of the
	// paths through their state called for them (SourceDPOR): the
	// successors of the states where the search chose, less those kept.
	Unraced int64
	Visited int // states fingerprinted (WithVisited)
	Revisit int // paths ended at a state already visited (WithVisited)
}

var _ sched.Observer = (*Guided)(nil)

// NewGuided returns a trial of guided test along locs with the secondary
// heuristic factory makes, prefer for the prefer heuristic, and at most
// bound backtrack states (0: DefaultBacktrackBound).
func NewGuided(locs []Location, factory HeuristicFactory, prefer []Location, bound int) *Guided {
	if bound <= 0 {
		bound = DefaultBacktrackBound
	}
	return &Guided{locs: locs, factory: factory, prefer: prefer, bound: bound}
}

// Stats returns the trial's figures so far.
func (s *Guided) Stats() GuidedStats { return s.stats }

// Heuristic returns the name of the trial's secondary heuristic ("" before
// its first execution).
func (s *Guided) Heuristic() string {
	if s.h == nil {
		return ""
	}
	return s.h.Name()
}

// A node is one choice of a path, and the state it leads to; paths share
// their prefixes. The root (depth 0) is the initial state.
type node struct {
	parent *node
	choice int
	depth  int
	// With SourceDPOR, at a state where the search chose a goroutine
	// (guided_dpor.go): its successors as ranked then (those awake), the
	// goroutines chosen or kept there, those asleep there, and what sleeps
	// below a successor kept there if independent of it (guided_por.go).
	succ   []successor
	tried  []int
	asleep []int
	sleep  []*sleeper
}

func (n *node) push(choice int) *node {
	return &node{parent: n, choice: choice, depth: n.depth + 1}
}

// choices returns the path to n, first choice first.
func (n *node) choices() []int {
	out := make([]int, n.depth)
	for ; n.depth > 0; n = n.parent {
		out[n.depth-1] = n.choice
	}
	return out
}

// NewExecution implements sched.Strategy: the first execution of a trial
// starts at the initial state; every later one restores a backtrack state
// (get_backtrack_state, Fig. 5), since the previous path ended (Fig. 2,
// lines 8-9). It returns false when the backtrack set is empty, no state
// was ever dropped from it and every prefix restored fit: every successor
// of every state on the paths was explored, so the search was
// exhaustive.
func (s *Guided) NewExecution(_ int, seed uint64) bool {
	if !s.started {
		s.started = true
		s.rng = rand.New(rand.NewPCG(seed, 0x67756964656421))
		s.h = s.factory(s.rng.Uint64(), s.prefer)
		s.cur, s.replay = &node{}, nil
	} else {
		if s.por.on {
			s.por.end()
		}
		if s.dpor.on {
			s.dpor.end(s)
		}
		s.por.armed = nil
		e, ok := s.bt.pick(s.rng)
		switch {
		case ok:
			s.stats.Backtracks++
			s.cur = e.parent.push(e.choice)
			s.replay = s.cur.choices()
			if s.por.on {
				s.por.restore(e)
			}
		case s.bt.dropped == 0 && s.stats.Misfits == 0:
			return false
		default:
			// States were dropped to keep the bound, or not restored:
			// the search is not exhaustive, so it starts again from the
			// initial state, with fresh random ties.
			s.bt.dropped = 0
			s.replay, s.cur = nil, &node{}
		}
	}
	s.next, s.level, s.lastH = 0, 0, 0
	s.visited.hit = false
	if s.dpor.on {
		s.dpor.restored(s.cur)
	}
	clear(s.lastPos)
	s.stats.Executions++
	return true
}

// Begin implements sched.Observer.
func (s *Guided) Begin(ex *sched.Execution) {
	s.ex = ex
	if s.lastPos == nil {
		s.lastPos = map[int]srcPos{}
	}
	s.h.Begin(ex)
	if s.por.on {
		s.por.begin(ex)
	}
	if s.dpor.on {
		s.dpor.races.Begin(ex)
	}
}

// Performed implements sched.Observer: an operation at the next location
// of the sequence (or a goroutine that passed it, see observes) moves the
// path up a meta level.
func (s *Guided) Performed(op sched.Op) {
	if s.por.on {
		s.por.performed(op, s.replay != nil && s.next >= len(s.replay))
	}
	if s.dpor.on {
		s.dpor.races.Performed(op, s.por.pruned)
	}
	if op.G == sched.Clock {
		return
	}
	pos := s.posOf(op.G)
	// One move may pass several lines of plain code of the sequence, but
	// observes a line once: a sequence that names a line twice (two
	// goroutines' accesses there) needs two operations.
	var last Location
	for s.level < len(s.locs) && s.locs[s.level] != last && s.observes(op.G, pos, s.locs[s.level]) {
		last = s.locs[s.level]
		s.level++
	}
	s.stats.MaxLevel = max(s.stats.MaxLevel, s.level)
	s.lastPos[op.G] = pos
}

// observes reports whether goroutine g, stopped at pos, observes goal
// when it moves: its operation is at goal, or it passed goal on its way
// from its last operation to pos. Only visible operations (channel and
// sync operations, shared memory accesses, go statements) stop a
// goroutine, so a location that is plain code (a local computation, a
// call) is never where one is stopped; it counts as observed when the
// goroutine's last operation and its pending one are in one frame (the
// same function at the same stack depth), goal's line lies between them
// and belongs to that function's own body, not to a function literal
// inside it. Lines of two different frames say nothing about what ran
// between them: a goroutine that returns from a method at line 44 to its
// caller at line 122 of the same file did not pass lines 45-121, and
// counting them as observed moved the search up every meta level before
// its first choice (AryList: Run's setup, returning from Add to the go
// statements, "observed" Size, Remove and Get). The paper observes a
// location when the state's current location is it (Rungta and Mercer
// 2008, Fig. 4 line 7, s'.current_loc() == locs.top()); the
// same-frame rule keeps to that for locations no operation stops at. It
// misses a location passed on the way into or out of a call, or back
// along a loop.
func (s *Guided) observes(g int, pos srcPos, goal Location) bool {
	if goal.matches(pos.file, pos.line) {
		return true
	}
	last, ok := s.lastPos[g]
	return ok && last.file == pos.file && goal.inFile(pos.file) &&
		last.line < goal.Line && goal.Line < pos.line &&
		last.fn == pos.fn && last.depth == pos.depth && ownLine(pos.fn, goal.Line)
}

// ownLine reports whether line is in fn's body and in none of the
// function literals fn contains (their lines lie inside fn's but run in
// frames of their own). A nil fn (no frame known) owns no line.
func ownLine(fn *ssa.Function, line int) bool {
	if fn == nil || fn.Syntax() == nil {
		return false
	}
	in := func(f *ssa.Function) bool {
		n := f.Syntax()
		if n == nil {
			return false
		}
		fset := f.Prog.Fset
		return fset.Position(n.Pos()).Line <= line && line <= fset.Position(n.End()).Line
	}
	if !in(fn) {
		return false
	}
	for _, a := range fn.AnonFuncs {
		if in(a) {
			return false
		}
	}
	return true
}

// posOf returns goroutine g's position: where its pending operation is,
// and its innermost frame (function and depth).
func (s *Guided) posOf(g int) srcPos {
	_, p := s.ex.Describe(g)
	pos := parsePos(p)
	if fs := s.ex.Stack(g); len(fs) > 0 {
		pos.fn, pos.depth = fs[len(fs)-1].Fn, len(fs)
	}
	return pos
}

// matches reports whether l is line of file.
func (l Location) matches(file string, line int) bool { return l.Line == line && l.inFile(file) }

// inFile reports whether l is in file, a base name as the interpreter's
// positions give it: l.File is file or a path ending in it.
func (l Location) inFile(file string) bool {
	n := len(l.File) - len(file)
	if n < 0 || l.File[n:] != file {
		return false
	}
	return n == 0 || l.File[n-1] == '/' || l.File[n-1] == '\\'
}

// srcPos is a position "file.go:12" taken apart, with the frame it is
// in when known (Guided.posOf).
type srcPos struct {
	file  string
	line  int
	fn    *ssa.Function // the innermost frame's function, or nil
	depth int           // the number of frames
}

func parsePos(p string) srcPos {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return srcPos{file: p}
	}
	n, _ := strconv.Atoi(p[i+1:])
	return srcPos{file: p[:i], line: n}
}

// goal is the location the secondary heuristic estimates the distance
// to: the next one of the sequence, or its last once all are observed.
func (s *Guided) goal() Location {
	if len(s.locs) == 0 {
		return Location{}
	}
	return s.locs[min(s.level, len(s.locs)-1)]
}

// replaying returns the next choice of the prefix being restored.
func (s *Guided) replaying() (int, bool) {
	if s.next >= len(s.replay) {
		return 0, false
	}
	c := s.replay[s.next]
	s.next++
	s.stats.Replayed++
	return c, true
}

// misfit ends the replay of a prefix that does not fit: the path is
// the part of the prefix taken.
func (s *Guided) misfit() {
	s.stats.Misfits++
	s.por.armed = nil
	for s.cur.depth > s.next-1 {
		s.cur = s.cur.parent
	}
	s.replay = nil
}

// successor is a successor of the current state being ranked.
type successor struct {
	g     int
	level int // meta level of the successor
	h     int
	key   uint64   // random: ties broken at random
	op    sched.Op // g's operation, renamed (with sleep sets)
}

// better is the two-tier ranking of Fig. 4: more locations observed
// first, then a lower secondary value, then the random key.
func (a successor) better(b successor) bool {
	if a.level != b.level {
		return a.level > b.level
	}
	if a.h != b.h {
		return a.h < b.h
	}
	return a.key < b.key
}

// NextGoroutine implements sched.Strategy: choose_best_successor (Fig. 4).
// The successors are the states after each enabled goroutine moves;
// which observe the next location, and their secondary values, are read
// from the goroutines' pending operations, without running them. The
// ones that observe it (mStates) are preferred to the others (hStates),
// each ranked by the secondary value, ties at random. Every successor
// not chosen goes to the backtrack set (the paper's text, Sect. 2.3: "All
// other successor states are added to the backtrack set"; its pseudocode
// adds only the hStates).
func (s *Guided) NextGoroutine(enabled []int, current int) int {
	var now []sched.Op
	if s.por.on {
		// Name the state's objects whether replaying or not: names are
		// a function of the prefix only if every state is named alike.
		now = s.por.observe()
	}
	if c, ok := s.replaying(); ok {
		if slices.Contains(enabled, c) {
			if s.dpor.on {
				s.dpor.chose(s.next - 1)
			}
			return c
		}
		s.misfit()
	}
	if s.visited.seen(s) {
		return enabled[0] // the path ends here (Pruned)
	}
	s.stats.Choices++
	var asleep []int
	if s.por.on {
		awake := slices.DeleteFunc(slices.Clone(enabled), s.por.asleep)
		asleep = slices.DeleteFunc(slices.Clone(enabled), func(g int) bool { return slices.Contains(awake, g) })
		s.stats.Asleep += int64(len(enabled) - len(awake))
		if len(awake) == 0 {
			// Every goroutine that can move sleeps: the rest of the
			// execution is redundant (Pruned stops it).
			s.por.pruned = true
			s.cur = s.cur.push(enabled[0])
			return enabled[0]
		}
		enabled = awake
	}
	goal := s.goal()
	succ := make([]successor, len(enabled))
	best := 0
	for i, g := range enabled {
		lv := s.level
		if g != sched.Clock && s.level < len(s.locs) {
			if s.observes(g, s.posOf(g), s.locs[s.level]) {
				lv++
			}
		}
		succ[i] = successor{g: g, level: lv, h: s.h.Estimate(g, goal), key: s.rng.Uint64()}
		if s.por.on {
			succ[i].op = opOf(now, g)
		}
		if succ[i].better(succ[best]) {
			best = i
		}
	}
	var sleep []*sleeper
	if s.por.on {
		sleep = s.por.choose(now, succ[best].g)
	}
	if s.dpor.on {
		s.dpor.choose(s, succ, best, asleep, sleep)
		s.lastH = succ[best].h
		s.cur = s.cur.push(succ[best].g)
		return succ[best].g
	}
	for i, x := range succ {
		if i != best {
			s.keep(entry{parent: s.cur, choice: x.g, level: x.level, h: x.h, key: x.key, op: x.op, sleep: sleep})
		}
	}
	s.lastH = succ[best].h
	s.cur = s.cur.push(succ[best].g)
	return succ[best].g
}

// NextNumber implements sched.Strategy: a choice among alternatives of one
// operation (a select with several ready cases) is taken at random; the
// others go to the backtrack set at the path's meta level with the
// secondary value of the last successor chosen.
func (s *Guided) NextNumber(n int) int {
	if c, ok := s.replaying(); ok {
		if c < n {
			return c
		}
		s.misfit()
	}
	c := s.rng.IntN(n)
	for i := range n {
		if i != c {
			s.keep(entry{parent: s.cur, choice: i, level: s.level, h: s.lastH, key: s.rng.Uint64()})
		}
	}
	s.cur = s.cur.push(c)
	return c
}

// keep adds e to the backtrack set.
func (s *Guided) keep(e entry) {
	if s.bt.add(e, s.bound, s.rng) {
		s.stats.Dropped++
	}
}

// String describes the trial for reports.
func (s *Guided) String() string {
	var locs []string
	for _, l := range s.locs {
		locs = append(locs, l.String())
	}
	return fmt.Sprintf("guided test along %s (%s)", strings.Join(locs, " → "), s.Heuristic())
}

// An entry of the backtrack set: the state its parent's path and one
// more choice lead to.
type entry struct {
	parent *node
	choice int
	level  int
	h      int
	key    uint64
	op     sched.Op   // the choice's operation, renamed (sleep sets)
	sleep  []*sleeper // what sleeps below it if independent of op (sleep sets)
}

// backtrack is the backtrack set of Fig. 4 and 5, by meta level; each
// level is a heap ordered by secondary value, then a random key.
// Inv: size is the number of entries of all levels.
type backtrack struct {
	levels  []*levelHeap
	size    int
	dropped int // entries dropped to keep the bound since the search last started afresh
}

type levelHeap []entry

func (h levelHeap) Len() int { return len(h) }
func (h levelHeap) Less(i, j int) bool {
	if h[i].h != h[j].h {
		return h[i].h < h[j].h
	}
	return h[i].key < h[j].key
}
func (h levelHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *levelHeap) Push(x any)   { *h = append(*h, x.(entry)) }
func (h *levelHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// add adds e, then bounds the set (bound_size, Fig. 4 line 17): past
// bound entries it drops one of the lowest meta level that has any,
// chosen at random among the leaves of its heap (the worse half). It
// reports whether it dropped one.
func (b *backtrack) add(e entry, bound int, rng *rand.Rand) bool {
	for len(b.levels) <= e.level {
		b.levels = append(b.levels, &levelHeap{})
	}
	heap.Push(b.levels[e.level], e)
	b.size++
	if b.size <= bound {
		return false
	}
	for _, h := range b.levels {
		if n := h.Len(); n > 0 {
			heap.Remove(h, n/2+rng.IntN(n-n/2))
			b.size--
			b.dropped++
			return true
		}
	}
	return false
}

// pick removes and returns a backtrack state (get_backtrack_state, Fig.
// 5): a meta level at random among those that hold states, and there the
// state with the least secondary value (ties at random: the random key).
// The seed draws the level between 1 and n; a path that never observed
// the first location leaves its states at level 0, which are drawn too.
func (b *backtrack) pick(rng *rand.Rand) (entry, bool) {
	if b.size == 0 {
		return entry{}, false
	}
	var nonEmpty []int
	for i, h := range b.levels {
		if h.Len() > 0 {
			nonEmpty = append(nonEmpty, i)
		}
	}
	h := b.levels[nonEmpty[rng.IntN(len(nonEmpty))]]
	b.size--
	return heap.Pop(h).(entry), true
}
