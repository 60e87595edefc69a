package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// guidedModel is a model of Tables 1 and 2 of Rungta and Mercer 2008
// (Sect. 3), as an example's scenario.
type guidedModel struct {
	name    string // as the paper names it
	dir, fn string
	want    []sched.Kind // the bug: a trial finds it if it reports one of these
	noRaces bool         // look for the bug itself, not the data race under it
	guide   []string     // the sequence: the racy accesses, or the lock sites
	prefer  []string     // the prefer heuristic's goroutines, by go statement
}

var (
	testFailed = []sched.Kind{sched.TestFailed}
	deadlocked = []sched.Kind{sched.GlobalDeadlock, sched.Leak}
)

var guidedModels = []guidedModel{
	{"TwoStage(7,1)", "twostage", "twoStage7", testFailed, true, []string{"twostage.go:25", "twostage.go:52"}, []string{"twostage.go:68"}},
	{"TwoStage(8,1)", "twostage", "twoStage8", testFailed, true, []string{"twostage.go:25", "twostage.go:52"}, []string{"twostage.go:68"}},
	{"TwoStage(10,1)", "twostage", "twoStage10", testFailed, true, []string{"twostage.go:25", "twostage.go:52"}, []string{"twostage.go:68"}},
	{"Reorder(5,1)", "reorder", "reorder5", testFailed, true, []string{"reorder.go:19", "reorder.go:23"}, []string{"reorder.go:49"}},
	{"Reorder(10,1)", "reorder", "reorder10", testFailed, true, []string{"reorder.go:19", "reorder.go:23"}, []string{"reorder.go:49"}},
	{"Wronglock(1,10)", "wronglock", "wronglock10", testFailed, true, []string{"wronglock.go:25", "wronglock.go:25", "wronglock.go:25"}, []string{"wronglock.go:29"}},
	{"Wronglock(1,20)", "wronglock", "wronglock20", testFailed, true, []string{"wronglock.go:25", "wronglock.go:25", "wronglock.go:25"}, []string{"wronglock.go:29"}},
	{"AbsList(1,10)", "abslist", "absList10", []sched.Kind{sched.DataRace}, false, []string{"abslist.go:26", "abslist.go:54"}, []string{"abslist_test.go:21"}},
	{"AryList(1,10)", "arylist", "aryList10", []sched.Kind{sched.Panic}, false, []string{"arylist.go:60", "arylist.go:52", "arylist.go:68"}, []string{"arylist.go:122"}},
	{"Deadlock(1,10)", "deadlock", "deadlock10", deadlocked, false, []string{"deadlock.go:31", "deadlock.go:31"}, []string{"deadlock_test.go:33"}},
}

// guidedSearch is a search of the table: it sets the strategy of o for
// model m. Deterministic searches run one trial.
type guidedSearch struct {
	name          string
	set           func(m guidedModel, o *sched.Options, record bool) // record: the trial's figures go to guidedTrials
	deterministic bool
}

// guidedSearches are the rows of each model; dpor-dfs is dfs, whose
// reduction is source-DPOR.
var guidedSearches = []guidedSearch{
	{"random-dfs", func(_ guidedModel, o *sched.Options, _ bool) {
		o.Strategy, o.Custom = "random-dfs", func() sched.Strategy { return &randomDFS{} }
	}, false},
	{"guided-pfsm", guidedWith("pfsm"), false},
	{"guided-fsm", guidedWith("fsm"), false},
	{"guided-random", guidedWith("random"), false},
	{"guided-prefer", guidedWith("prefer"), false},
	{"guided-most-blocked", guidedWith("most-blocked"), false},
	{"random", func(_ guidedModel, o *sched.Options, _ bool) { o.Strategy = "random" }, false},
	{"pct", func(_ guidedModel, o *sched.Options, _ bool) { o.Strategy = "pct" }, false},
	{"dpor-dfs", func(_ guidedModel, o *sched.Options, _ bool) { o.Strategy = "dfs" }, true},
}

// guidedWith is guided test along the model's sequence with secondary
// heuristic h.
func guidedWith(h string) func(guidedModel, *sched.Options, bool) {
	return func(m guidedModel, o *sched.Options, record bool) {
		locs, prefer := mustLocations(m.guide), mustLocations(m.prefer)
		o.Strategy = "guided-" + h
		o.Custom = func() sched.Strategy {
			g := heuristics.NewGuided(locs, heuristics.Heuristics[h], prefer, 0).WithReduction(guidedReduce).WithVisited(guidedVisited)
			if record {
				guidedTrials.add(g)
			}
			return g
		}
	}
}

func mustLocations(specs []string) []heuristics.Location {
	var locs []heuristics.Location
	for _, s := range specs {
		l, err := heuristics.ParseLocation(s)
		if err != nil {
			panic(err)
		}
		locs = append(locs, l)
	}
	return locs
}

// guidedReduce is the partial-order reduction of guided test's
// backtracking, flag -reduce: none, sleep (heuristics/guided_por.go) or
// dpor (heuristics/guided_dpor.go).
var guidedReduce heuristics.Reduction

// guidedVisited turns on guided test's visited set by state fingerprints
// (heuristics/guided_visited.go), flag -visited.
var guidedVisited bool

// guidedTrials collects the guided trials of a row, for the cost of
// restoring states by replay.
var guidedTrials trialSet

type trialSet struct {
	mu sync.Mutex
	gs []*heuristics.Guided
}

func (t *trialSet) add(g *heuristics.Guided) { t.mu.Lock(); t.gs = append(t.gs, g); t.mu.Unlock() }

func (t *trialSet) take() []*heuristics.Guided {
	t.mu.Lock()
	defer t.mu.Unlock()
	gs := t.gs
	t.gs = nil
	return gs
}

// trialResult is the outcome of one trial.
type trialResult struct {
	found bool
	steps int64
	time  time.Duration
}

// guidedMain prints Tables 1 and 2 of Rungta and Mercer 2008 as one
// markdown table: error density per model and search, and the
// min/avg/max scheduling steps (choice points, the paper's "states") and average time of the
// trials that found the bug.
func guidedMain(args []string) {
	fs := flag.NewFlagSet("guided", flag.ExitOnError)
	trials := fs.Int("trials", 100, "independent trials (seeds) per model and search")
	bound := fs.Duration("bound", 60*time.Second, "time bound of a trial")
	par := fs.Int("par", 2, "trials run in parallel")
	only := fs.String("only", "", "only models whose name contains this")
	search := fs.String("search", "", "only searches whose name contains this")
	reduce := fs.String("reduce", "none", "partial-order reduction of guided test's backtracking: none, sleep (heuristics/guided_por.go) or dpor (heuristics/guided_dpor.go)")
	fs.BoolVar(&guidedVisited, "visited", false, "guided test with a visited set of state fingerprints (heuristics/guided_visited.go); not with -reduce")
	fs.Parse(args)
	r, ok := heuristics.Reductions[*reduce]
	if !ok || guidedVisited && r != heuristics.NoReduction {
		fmt.Fprintf(os.Stderr, "guided: -reduce %q -visited=%v: want none, sleep or dpor, and -visited only with none\n", *reduce, guidedVisited)
		os.Exit(2)
	}
	guidedReduce = r
	fmt.Println("| model | search | trials | found | error density | min steps | avg steps | max steps | avg time |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|---:|")
	var replay []string
	for _, m := range guidedModels {
		if !strings.Contains(strings.ToLower(m.name), strings.ToLower(*only)) {
			continue
		}
		target, err := checktest.LoadTest(filepath.Join("examples", m.dir), "github.com/mcheck-dev/mcheck/examples/"+m.dir, m.fn)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, s := range guidedSearches {
			if !strings.Contains(s.name, *search) {
				continue
			}
			n := *trials
			if s.deterministic {
				n = 1
			}
			res := runTrials(target, m, s, n, *bound, *par)
			fmt.Println(tableRow(m.name, s.name, res))
			if gs := guidedTrials.take(); len(gs) > 0 {
				replay = append(replay, replayRow(m.name, s.name, len(m.guide), gs))
			}
		}
	}
	fmt.Println()
	fmt.Println("Restoring backtrack states by replaying their schedule prefix (all trials, found or not):")
	fmt.Println()
	fmt.Println("| model | search | paths | backtracks | choices replayed | choices made greedily | replayed share | states dropped | successors not kept (reduction) | paths ended at a visited state | most locations observed |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range replay {
		fmt.Println(r)
	}
}

// runTrials runs n trials of search s on model m, par at a time. A trial
// that finds the bug runs again with its budget cut to the executions up
// to the failing one, so that its steps are those taken to find it (an
// exploration runs executions in batches and counts the whole batch).
func runTrials(target sched.Target, m guidedModel, s guidedSearch, n int, bound time.Duration, par int) []trialResult {
	res := make([]trialResult, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, par)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			o := sched.Options{Seed: uint64(i + 1), Time: bound, Executions: 1 << 30, Workers: 1, NoRaces: m.noRaces, StateCaching: guidedVisited}
			s.set(m, &o, true)
			rep, err := sched.Explore(target, o)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s %s trial %d: %v\n", m.name, s.name, i+1, err)
				return
			}
			f := rep.Failure
			if f == nil || !slices.Contains(m.want, f.Kind) {
				return
			}
			res[i] = trialResult{found: true, steps: rep.Steps, time: rep.Elapsed}
			o.Executions, o.Time = f.Execution+1, 0
			s.set(m, &o, false)
			if exact, err := sched.Explore(target, o); err == nil {
				res[i].steps = exact.Steps
			}
		}()
	}
	wg.Wait()
	return res
}

func tableRow(model, search string, res []trialResult) string {
	found := 0
	var minS, maxS, sumS int64
	var sumT time.Duration
	for _, r := range res {
		if !r.found {
			continue
		}
		if found == 0 || r.steps < minS {
			minS = r.steps
		}
		maxS = max(maxS, r.steps)
		sumS += r.steps
		sumT += r.time
		found++
	}
	row := fmt.Sprintf("| %s | %s | %d | %d | %.2f |", model, search, len(res), found, float64(found)/float64(len(res)))
	if found == 0 {
		return row + " - | - | - | - |"
	}
	return row + fmt.Sprintf(" %d | %d | %d | %v |", minS, sumS/int64(found), maxS, (sumT/time.Duration(found)).Round(time.Millisecond))
}

func replayRow(model, search string, locations int, gs []*heuristics.Guided) string {
	var st heuristics.GuidedStats
	for _, g := range gs {
		x := g.Stats()
		st.Executions += x.Executions
		st.Backtracks += x.Backtracks
		st.Replayed += x.Replayed
		st.Choices += x.Choices
		st.Dropped += x.Dropped
		st.MaxLevel = max(st.MaxLevel, x.MaxLevel)
		st.Asleep += x.Asleep
		st.Unraced += x.Unraced
		st.Revisit += x.Revisit
	}
	share := 0.0
	if t := st.Replayed + st.Choices; t > 0 {
		share = float64(st.Replayed) / float64(t)
	}
	return fmt.Sprintf("| %s | %s | %d | %d | %d | %d | %.2f | %d | %d | %d | %d of %d |", model, search, st.Executions, st.Backtracks, st.Replayed, st.Choices, share, st.Dropped, st.Asleep+st.Unraced, st.Revisit, st.MaxLevel, locations)
}

// randomDFS is the randomized depth-first search of Rungta and Mercer
// 2008 (Sect. 3.2, "Random DFS"): depth-first over the choice tree, stateless (each
// execution replays the path on the stack), the alternatives of each
// choice point in a random order, no bound and no reduction.
type randomDFS struct {
	rng     *rand.Rand
	stack   []rdfsPoint
	depth   int
	started bool
}

type rdfsPoint struct {
	alts []int // shuffled
	next int   // the alternative taken
}

func (d *randomDFS) NewExecution(_ int, seed uint64) bool {
	d.depth = 0
	if !d.started {
		d.started = true
		d.rng = rand.New(rand.NewPCG(seed, 0x72646673))
		return true
	}
	for len(d.stack) > 0 {
		top := &d.stack[len(d.stack)-1]
		if top.next+1 < len(top.alts) {
			top.next++
			return true
		}
		d.stack = d.stack[:len(d.stack)-1]
	}
	return false
}

func (d *randomDFS) pick(alts []int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		d.depth++
		return p.alts[p.next]
	}
	d.rng.Shuffle(len(alts), func(i, j int) { alts[i], alts[j] = alts[j], alts[i] })
	d.stack = append(d.stack, rdfsPoint{alts: alts})
	d.depth++
	return alts[0]
}

func (d *randomDFS) NextGoroutine(enabled []int, _ int) int { return d.pick(slices.Clone(enabled)) }

func (d *randomDFS) NextNumber(n int) int {
	alts := make([]int, n)
	for i := range alts {
		alts[i] = i
	}
	return d.pick(alts)
}
