package component

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// The fixtures of the sequential baseline (testdata/queue): a bounded
// blocking queue (Put blocks when full, Take when empty: by design), its
// twin whose Len races, a latch whose second Close panics (by design),
// accounts whose transfers take two locks in opposite orders, and an
// event with a lost wake-up and its fixed twin (a Wait before any Set
// blocks by design).
const queuePkg = "github.com/mcheck-dev/mcheck/internal/component/testdata/queue"

func checkQueue(t *testing.T, test string, seed uint64) *check.ComponentReport {
	t.Helper()
	var c check.Config
	c.Executions, c.Seed = 3000, seed
	rep, err := CheckTest("testdata/queue", check.ID{Pkg: queuePkg, Test: test}, c)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestBaselineByDesign: failures that the calls show when they run one
// at a time are discarded, and the search ends clean. Before the
// baseline, the first environment of each reported one (the queue: a
// global deadlock, Put or Take blocked; the latch: "close of closed
// channel"; the event: Wait blocked).
func TestBaselineByDesign(t *testing.T) {
	for _, tc := range []struct{ test, why string }{
		{"TestQueue", " blocks when the calls run one at a time (sync.Cond.Wait at queue.go:"},
		{"TestLatch", "Close panics when the calls run one at a time: close of closed channel"},
		{"TestEventFixed", "Wait blocks when the calls run one at a time (chan receive at queue.go:"},
	} {
		for seed := uint64(1); seed <= testSeeds(); seed++ {
			rep := checkQueue(t, tc.test, seed)
			if rep.Failure != nil {
				t.Errorf("%s, seed %d: reported\n%s", tc.test, seed, rep.Failure.Format(""))
				continue
			}
			if rep.Discarded == 0 || rep.Discarded >= rep.Attempts || !strings.Contains(rep.Why, tc.why) {
				t.Errorf("%s, seed %d: %d of %d environments discarded, first because %q; want some, because %q",
					tc.test, seed, rep.Discarded, rep.Attempts, rep.Why, tc.why)
			}
			text := (&check.Result{Component: rep}).Text()
			want := fmt.Sprintf("mcheck: %d environments; %d failures discarded, not concurrency bugs: %s\n", rep.Attempts, rep.Discarded, rep.Why)
			if !strings.Contains(text, want) {
				t.Errorf("%s: the summary lacks %q:\n%s", tc.test, want, text)
			}
		}
	}
}

// TestBaselineSuspendedOrder: in the suspended run of a sequential
// order, a call does not start while an earlier call of its own
// goroutine is blocked (that goroutine would not go on). Sem's
// environments where a goroutine's second Acquire blocks for ever beside
// a Hold were reported as a global deadlock: the suspended run started
// the goroutine's Give anyway, which woke the Acquire, and no order
// showed the two blocked together (found on x/sync's semaphore,
// examples/realworld/semaphore-cancel-wakeup).
func TestBaselineSuspendedOrder(t *testing.T) {
	for seed := uint64(1); seed <= testSeeds(); seed++ {
		rep := checkQueue(t, "TestSem", seed)
		if rep.Failure != nil {
			t.Fatalf("seed %d: reported\n%s", seed, rep.Failure.Format(""))
		}
		if rep.Discarded == 0 || !strings.Contains(rep.Why, " blocks when the calls run one at a time") {
			t.Errorf("seed %d: %d discarded, first because %q", seed, rep.Discarded, rep.Why)
		}
	}
}

// TestBaselineSettled: a failure that leaves only calls of the
// environment blocked is explained by a sequential order in which each
// call starts once what the calls before it started has settled: Lease's
// Close waits for a lease a TryGet took after a background goroutine of
// the TryGet before made it (reported as a global deadlock before, as was
// jackc/puddle's Close after TryAcquire, examples/realworld).
func TestBaselineSettled(t *testing.T) {
	for seed := uint64(1); seed <= testSeeds(); seed++ {
		rep := checkQueue(t, "TestLease", seed)
		if rep.Failure != nil {
			t.Fatalf("seed %d: reported\n%s", seed, rep.Failure.Format(""))
		}
		if rep.Discarded == 0 || !strings.HasPrefix(rep.Why, "Close") || !strings.Contains(rep.Why, " blocks when the calls run one at a time") {
			t.Errorf("seed %d: %d discarded, first because %q", seed, rep.Discarded, rep.Why)
		}
	}
}

// TestBaselinePause: Lease's misuse (a TryGet gets the lease made in the
// background, and a Close waits for it) in environments where the lease
// can be made between two calls of one goroutine after TryGets of the
// other returned false: no order run back to back, or settled before
// every call or switch of goroutines, gets those results and blocks, but
// one with a pause there does (Plan.SettledAt). Every failing execution
// the search finds is explained, and some need the pause.
func TestBaselinePause(t *testing.T) {
	envs := [][][]string{
		{{"TryGet", "Close", "Close"}, {"TryGet", "TryGet", "Close", "TryGet"}},
		{{"TryGet", "TryGet", "Close", "TryGet", "Close", "TryGet"}, {"Close"}}, // 200 seeds
	}
	if testing.Short() {
		envs = envs[:1]
	}
	for _, threads := range envs {
		_, comp, plan, explore := queueEnv(t, "TestLease", threads)
		bl := &baseline{comp: comp, explore: explore}
		without := &baseline{comp: comp, explore: explore, noPause: true}
		needed := 0
		for seed := uint64(1); seed <= 300 && needed == 0; seed++ {
			r, snap, err := explore(plan, sched.Options{Seed: seed, Executions: 200, Strategy: "random"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Failure == nil {
				continue
			}
			why, order, _, _, err := bl.explain(plan, r.Failure, snap, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(why, "Close blocks when the calls run one at a time") {
				t.Fatalf("%v, seed %d: explained %q (order %v)\n%s", threads, seed, why, order, r.Failure.Format(""))
			}
			if why, _, _, _, err := without.explain(plan, r.Failure, snap, 1); err != nil || why == "" {
				needed++
				t.Logf("%v: seed %d needs a pause", threads, seed)
			}
		}
		if needed == 0 {
			t.Errorf("%v: no failure needed a pause", threads)
		}
	}
}

// TestReleaseBeforeFinish: what the calls returned that has a Release
// method is released before the Finish call, as a caller gives back what
// it took, so the Close of Resources, which waits for that, never blocks
// in random-sequence environments. Before, every environment with a Get
// ended with Close blocked: a failure the baseline discarded here, but
// one jackc/puddle's Pool reached through results no sequential order
// gives, and it was reported (examples/realworld/puddle-tryacquire-close).
func TestReleaseBeforeFinish(t *testing.T) {
	for seed := uint64(1); seed <= testSeeds(); seed++ {
		var c check.Config
		c.Executions, c.Seed, c.Component.Reduction = 3000, seed, "none"
		rep, err := checkWithOptions("testdata/queue", check.ID{Pkg: queuePkg, Test: "TestResources"}, c)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure != nil || rep.Discarded != 0 {
			t.Errorf("seed %d: %d failures discarded (%q), failure %v", seed, rep.Discarded, rep.Why, rep.Failure)
		}
		if !strings.Contains(strings.Join(rep.Component.Notes, "\n"), "the results of Get with a Release method are released before Close is called last") {
			t.Errorf("seed %d: notes %q", seed, rep.Component.Notes)
		}
	}
}

// TestBaselineRealBugs: real concurrency bugs are still reported: a data
// race (which the queue's deadlock by design hid before the baseline),
// a lock-order deadlock, and a lost wake-up, whose Wait blocks in a
// sequential order too, but only one where Set never ran, while it had
// returned in the failing execution.
func TestBaselineRealBugs(t *testing.T) {
	for _, tc := range []struct {
		test string
		kind sched.Kind
		env  []string // in the environment
	}{
		{"TestRacy", sched.DataRace, []string{"Len()"}},
		{"TestAccounts", sched.GlobalDeadlock, []string{"Transfer(false) (did not return)", "Transfer(true) (did not return)"}},
		{"TestEvent", sched.GlobalDeadlock, []string{"Wait() (did not return)", "Set()"}},
		// Do's send after Stop's close: a race (or the send's panic).
		{"TestWorkersRacy", sched.DataRace, nil},
	} {
		for seed := uint64(1); seed <= testSeeds(); seed++ {
			rep := checkQueue(t, tc.test, seed)
			f := rep.Failure
			if f == nil || f.Kind != tc.kind {
				t.Errorf("%s, seed %d: want a %s, got %+v", tc.test, seed, tc.kind, rep)
				continue
			}
			for _, w := range tc.env {
				if !strings.Contains(f.Environment, w) {
					t.Errorf("%s, seed %d: environment lacks %q:\n%s", tc.test, seed, w, f.Environment)
				}
			}
		}
	}
}

// TestBaselineExplain runs the baseline on environments of the queue
// and the latch directly: each fails when its goroutines run at once,
// and explain says whether a sequential order shows the failure.
func TestBaselineExplain(t *testing.T) {
	for _, tc := range []struct {
		test    string
		threads [][]string // the methods each goroutine calls
		kind    sched.Kind
		why     string // "" for a concurrency bug
	}{
		// Three Puts into a queue of two: one blocks, in any order.
		{"TestQueue", [][]string{{"Put", "Put"}, {"Put", "Len"}}, sched.GlobalDeadlock, "Put blocks when the calls run one at a time"},
		// Two Puts block on two goroutines at once; one at a time,
		// the first blocked one stops the rest, in the same place.
		{"TestQueue", [][]string{{"Put", "Put"}, {"Put", "Put"}}, sched.GlobalDeadlock, "Put blocks when the calls run one at a time"},
		{"TestQueue", [][]string{{"Take"}, {"Len"}}, sched.GlobalDeadlock, "Take blocks when the calls run one at a time"},
		{"TestLatch", [][]string{{"Add", "Close"}, {"Close"}}, sched.Panic, "Close panics when the calls run one at a time: close of closed channel"},
		{"TestRacy", [][]string{{"Put"}, {"Len"}}, sched.DataRace, ""},
		{"TestEvent", [][]string{{"Wait"}, {"Set"}}, sched.GlobalDeadlock, ""},
	} {
		name := fmt.Sprintf("%s %v", tc.test, tc.threads)
		_, comp, plan, explore := queueEnv(t, tc.test, tc.threads)
		r, snap, err := explore(plan, sched.Options{Seed: 1, Executions: 500}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Failure == nil || r.Failure.Kind != tc.kind {
			t.Errorf("%s: want a %s when the goroutines run at once, got %v", name, tc.kind, r.Failure)
			continue
		}
		bl := &baseline{comp: comp, explore: explore}
		why, order, _, _, err := bl.explain(plan, r.Failure, snap, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(why, tc.why) || (why == "") != (tc.why == "") || (why == "") != (order == nil) {
			t.Errorf("%s: explained %q (order %v), want %q", name, why, order, tc.why)
		}
	}
}

// queueEnv loads the component of test and makes the environment whose
// goroutines call the methods threads name (with their first values).
func queueEnv(t *testing.T, test string, threads [][]string) (sched.Target, *envgen.Component, *envgen.Plan, explorer) {
	t.Helper()
	tg, err := check.LoadTest("testdata/queue", check.ID{Pkg: queuePkg, Test: test}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := check.Probe(tg)
	if err != nil {
		t.Fatal(err)
	}
	comp, err := extract(tg.Prog, got, check.ComponentConfig{})
	if err != nil {
		t.Fatal(err)
	}
	// Free: the goroutines make the calls named, and no default Finish
	// (a Close-like method) is added at the end.
	plan := &envgen.Plan{Env: envgen.Random, Goroutines: len(threads), Free: comp.DefaultFinish}
	for _, th := range threads {
		var calls []envgen.Call
		for _, name := range th {
			m := slices.IndexFunc(comp.Methods, func(m envgen.Method) bool { return m.Name == name })
			calls = append(calls, envgen.Call{Method: m, Args: make([]int, len(comp.Methods[m].Params))})
		}
		plan.Threads = append(plan.Threads, calls)
	}
	return tg, comp, plan, exploreIn(tg, comp, sched.Options{}, false, nil)
}

// TestBaselineCorpus: a saved failure that the baseline explains (saved
// before it existed) is skipped, and the search runs; the same token
// given to replay is reported as it is.
func TestBaselineCorpus(t *testing.T) {
	id := check.ID{Pkg: queuePkg, Test: "TestLatch"}
	tg, _, plan, explore := queueEnv(t, id.Test, [][]string{{"Close"}, {"Close"}})
	r, _, err := explore(plan, sched.Options{Seed: 1, Executions: 100}, nil)
	if err != nil || r.Failure == nil || r.Failure.Kind != sched.Panic {
		t.Fatalf("two Closes: %+v %v", r, err)
	}
	tok := id.Token(plan.Encode() + "." + r.Failure.Schedule.Token())
	corpus := check.Corpus(t.TempDir())
	if _, err := corpus.Save(tok); err != nil {
		t.Fatal(err)
	}
	var c check.Config
	c.Executions, c.Seed = 300, 1
	c.Component.Include = []string{"Add", "Close", "Closed"} // Close among the calls in every environment
	rep, err := Check(tg, id, corpus, c, nil)
	if err != nil || rep.Failure != nil || rep.FromCorpus || rep.Discarded == 0 {
		t.Fatalf("from the corpus: %+v %v", rep, err)
	}
	c.Replay = tok
	rep, err = Check(tg, id, corpus, c, nil)
	if err != nil || rep.Failure == nil || rep.Failure.Kind != sched.Panic || !rep.Replayed {
		t.Fatalf("replayed: %+v %v", rep, err)
	}
}

// TestBaselineProgress: with -mcheck.v, each discarded environment is
// shown with why, the failing execution's calls and the sequential order
// that explains it.
func TestBaselineProgress(t *testing.T) {
	var c check.Config
	var out bytes.Buffer
	c.Executions, c.Seed, c.Progress = 500, 1, &out
	c.Component.Include = []string{"Add", "Close", "Closed"} // Close among the calls in every environment
	rep, err := CheckTest("testdata/queue", check.ID{Pkg: queuePkg, Test: "TestLatch"}, c)
	if err != nil || rep.Failure != nil || rep.Discarded == 0 {
		t.Fatalf("%+v %v", rep, err)
	}
	if !strings.Contains(rep.Why, `if it may be called only once, last, say so with mcheck.Finish("Close")`) {
		t.Errorf("the reason lacks the advice: %q", rep.Why)
	}
	if n := strings.Count(out.String(), "discarded, not a concurrency bug: Close panics"); n != rep.Discarded {
		t.Errorf("%d environments discarded, %d shown:\n%s", rep.Discarded, n, out.String())
	}
	if !strings.Contains(out.String(), "→ panic: close of closed channel") || !strings.Contains(out.String(), "in the order ") {
		t.Errorf("no calls or order shown:\n%s", out.String())
	}
}

// TestPlanMerges: all merges of few calls, each goroutine's in order;
// a distinct, deterministic sample of many.
func TestPlanMerges(t *testing.T) {
	c := envgen.Call{}
	p := &envgen.Plan{Threads: [][]envgen.Call{{c, c}, {c, c}, {c}}}
	all := p.Merges(64, 1)
	if len(all) != 30 { // 5! / (2! 2! 1!)
		t.Fatalf("%d merges of 2, 2 and 1 calls, want 30", len(all))
	}
	seen := map[string]bool{}
	for _, o := range all {
		next := make([]int, 3)
		for _, r := range o {
			if r.J != next[r.G] {
				t.Fatalf("%v: goroutine %d's calls out of order", o, r.G)
			}
			next[r.G]++
		}
		seen[fmt.Sprint(o)] = true
	}
	if len(seen) != 30 {
		t.Errorf("%d distinct merges of 30", len(seen))
	}
	big := &envgen.Plan{Threads: [][]envgen.Call{slices.Repeat([]envgen.Call{c}, 6), slices.Repeat([]envgen.Call{c}, 6)}}
	s1, s2 := big.Merges(10, 7), big.Merges(10, 7)
	if len(s1) != 10 || fmt.Sprint(s1) != fmt.Sprint(s2) {
		t.Errorf("a sample of 10 of the 924 merges: %d, the same for the same seed: %v", len(s1), fmt.Sprint(s1) == fmt.Sprint(s2))
	}
	if seq := p.Sequential(all[0]); len(seq.Threads) != 1 || len(seq.Threads[0]) != 5 || seq.Goroutines != 1 {
		t.Errorf("sequential plan: %+v", seq)
	}
}

// TestLinearizability: a counter whose Inc composes a locked Get and a
// locked Set (no data race) is found with the results no sequential
// order gives; its fixed twin, whose Inc is one critical section, is
// clean, for three seeds each; without the check, the buggy one passes.
func TestLinearizability(t *testing.T) {
	checkOf := func(test string, seed uint64, lin bool) *check.ComponentReport {
		var c check.Config
		c.Executions, c.Seed = 3000, seed
		c.Component.Include, c.Component.Linearizable = []string{"Inc", "Get"}, lin
		rep, err := CheckTest("testdata/queue", check.ID{Pkg: queuePkg, Test: test}, c)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	for seed := uint64(1); seed <= testSeeds(); seed++ {
		rep := checkOf("TestCounter", seed, true)
		f := rep.Failure
		if f == nil || f.Kind != sched.TestFailed || !strings.Contains(f.Message, "mcheck.Component: linearizability violation: no order of the calls one at a time gives these results") ||
			!strings.Contains(f.Message, "Inc() → 1") || !strings.Contains(f.Message, "then gives 2, not 1") {
			t.Errorf("seed %d: %+v", seed, f)
		} else {
			t.Logf("seed %d, %d calls after shrinking:\n%s", seed, rep.Plan.Calls(), f.Message)
		}
		if rep := checkOf("TestCounterFixed", seed, true); rep.Failure != nil {
			t.Errorf("fixed, seed %d: %s", seed, rep.Failure.Format(""))
		}
	}
	if rep := checkOf("TestCounter", 1, false); rep.Failure != nil {
		t.Errorf("without the check: %s", rep.Failure.Format(""))
	}
	// mcheck.Linearizable() in the test asks for it, as mcheck test reads it.
	var c check.Config
	c.Executions, c.Seed = 3000, 1
	rep, err := checkWithOptions("testdata/queue", check.ID{Pkg: queuePkg, Test: "TestCounterLinearizable"}, c)
	if err != nil || rep.Failure == nil || !strings.Contains(rep.Failure.Message, "linearizability violation") {
		t.Errorf("with mcheck.Linearizable(): %+v %v", rep, err)
	}
}

// TestOrdersFromExecution: after the goroutine-by-goroutine orders come
// the calls in the order they returned in the failing execution, with
// each call in progress where it started or last (the one that panicked
// first among the last), then in the order they started.
func TestOrdersFromExecution(t *testing.T) {
	c := envgen.Call{}
	plan := &envgen.Plan{Env: envgen.Random, Threads: [][]envgen.Call{{c, c}, {c, c}, {c}}}
	ref := func(g, j int) envgen.CallRef { return envgen.CallRef{G: g, J: j} }
	// g1's first call started third and returned last; g0's second and
	// g2's only call were in progress, g2's having started before
	// g1's first returned; g0's second call panicked.
	s := &runSnap{
		calls:    [][]envgen.Call{{c, c}, {c}, {c}},
		returned: []int{1, 1, 0},
		order:    []envgen.CallRef{ref(0, 0), ref(1, 0)},
		retAt:    []int{3, 4},
		started:  []envgen.CallRef{ref(0, 0), ref(2, 0), ref(1, 0), ref(0, 1)},
		panicG:   0,
	}
	got := orders(plan, s, 1)
	want := [][]envgen.CallRef{
		{ref(0, 0), ref(0, 1), ref(1, 0), ref(1, 1), ref(2, 0)}, // goroutine by goroutine
		{ref(2, 0), ref(1, 0), ref(1, 1), ref(0, 0), ref(0, 1)},
		{ref(0, 0), ref(1, 0), ref(0, 1), ref(2, 0), ref(1, 1)}, // returned, then in progress (the panicked first), then the rest
		{ref(0, 0), ref(0, 1), ref(1, 0), ref(2, 0), ref(1, 1)}, // g0's second where it started: before g1's first returned
		{ref(2, 0), ref(0, 0), ref(1, 0), ref(0, 1), ref(1, 1)}, // g2's where it started: before g0's first returned
		{ref(2, 0), ref(0, 0), ref(0, 1), ref(1, 0), ref(1, 1)}, // both
	}
	if len(got) < len(want) {
		t.Fatalf("%d orders, want at least %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		if fmt.Sprint(got[i]) != fmt.Sprint(w) {
			t.Errorf("order %d: %v, want %v", i, got[i], w)
		}
	}
	// Then the order the calls started in, the calls in progress where
	// they started (with them last, it is the first order above): g1's
	// first call, which returned last, before g0's second.
	if w := []envgen.CallRef{ref(0, 0), ref(2, 0), ref(1, 0), ref(0, 1), ref(1, 1)}; fmt.Sprint(got[len(want)]) != fmt.Sprint(w) {
		t.Errorf("order %d: %v, want the order the calls started in, %v", len(want), got[len(want)], w)
	}
}

// TestOrdersAllMerges: when a plan's calls have at most seqMerges
// merges, the baseline can try every one of them (a one-unit semaphore
// whose 126 merges were sampled 64 at a time missed the one order that
// explains an Acquire left blocked); beyond that, none, and the
// families keep their sample.
func TestOrdersAllMerges(t *testing.T) {
	c := envgen.Call{}
	plan := &envgen.Plan{Env: envgen.Random, Threads: [][]envgen.Call{slices.Repeat([]envgen.Call{c}, 5), slices.Repeat([]envgen.Call{c}, 4)}}
	got := map[string]bool{}
	for _, o := range allMerges(plan, 1) {
		got[fmt.Sprint(o)] = true
	}
	if len(got) != 126 {
		t.Fatalf("%d distinct merges of 5 and 4 calls, want 126", len(got))
	}
	big := &envgen.Plan{Env: envgen.Random, Threads: [][]envgen.Call{slices.Repeat([]envgen.Call{c}, 8), slices.Repeat([]envgen.Call{c}, 8)}}
	if n, ok := big.NumMerges(); !ok || n != 12870 {
		t.Fatalf("NumMerges of 8 and 8 calls: %d %v", n, ok)
	}
	if ms := allMerges(big, 1); ms != nil {
		t.Errorf("%d merges of 12,870, want none", len(ms))
	}
	bs := &runSnap{calls: big.Threads, returned: []int{8, 7}, panicG: -1}
	if n := len(orders(big, bs, 1)); n > seqOrders {
		t.Errorf("%d orders, want at most %d", n, seqOrders)
	}
}

// TestBaselineGuided: the sequential baseline searches the orders one
// call at a time, adding a call only where it returns (with the result
// the failing execution saw): of the 2,002 merges of a one-unit
// semaphore's nine and five calls, where Give panics on a free unit, one
// alternates Acquire and Give and leaves the last Acquire blocked, and
// the search finds it in a few runs whatever order the calls returned
// in. The lost wake-up of NewUnitLost (Acquire blocked on a free unit
// after a Give) stays a concurrency bug: no order explains it.
func TestBaselineGuided(t *testing.T) {
	threads := [][]string{{"Acquire", "Give", "Acquire", "Give", "Acquire", "Give", "Give", "Acquire", "Acquire"}, {"Acquire", "Give", "Give", "Acquire", "Acquire"}}
	_, comp, plan, explore := queueEnv(t, "TestUnit", threads)
	bl := &baseline{comp: comp, explore: explore}
	var known []string
	found := 0
	for seed := uint64(1); seed <= 30 && found < 3; seed++ {
		r, snap, err := explore(plan, sched.Options{Seed: seed, Executions: 300}, known)
		if err != nil {
			t.Fatal(err)
		}
		f := r.Failure
		if f == nil {
			continue
		}
		if f.Kind != sched.GlobalDeadlock || snap.returned[0]+snap.returned[1] != 13 {
			known = append(known, bl.signature(f, snap)) // a Give on a free unit, say: look past it
			continue
		}
		found++
		why, order, _, n, err := bl.guided(plan, f, snap, bl.signature(f, snap), sequential(sched.Options{}, seed, seqExecutions))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(why, "Acquire blocks when the calls run one at a time") || len(order) != 14 || n > 64 {
			t.Errorf("seed %d: guided search: %q after %d runs, order %v", seed, why, n, order)
		}
		held := false
		for _, ref := range order[:13] {
			give := comp.Methods[plan.Threads[ref.G][ref.J].Method].Name == "Give"
			if give != held {
				t.Fatalf("seed %d: order %v does not alternate Acquire and Give", seed, order)
			}
			held = !give
		}
		if why, _, _, _, err := bl.explain(plan, f, snap, seed); err != nil || why == "" {
			t.Errorf("seed %d: explain: %q %v", seed, why, err)
		}
	}
	if found == 0 {
		t.Fatal("no execution left only an Acquire blocked")
	}

	_, comp, plan, explore = queueEnv(t, "TestUnitLost", [][]string{{"Acquire", "Give"}, {"Acquire"}})
	bl = &baseline{comp: comp, explore: explore}
	// One random schedule per seed: the lost wake-up has the signature
	// of g2's Acquire blocking g1's by design, so it cannot be looked
	// past as above. About one random schedule in a thousand loses the
	// wake-up (seed 1704 is the first).
	for seed := uint64(1); ; seed++ {
		r, snap, err := explore(plan, sched.Options{Seed: seed, Executions: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if seed == 5000 {
			t.Fatal("lost wake-up not found in 5000 schedules")
		}
		if r.Failure == nil || !slices.Equal(snap.returned, []int{2, 0}) {
			continue // g2's Acquire first blocks g1's, by design, say
		}
		why, order, _, _, err := bl.explain(plan, r.Failure, snap, seed)
		if err != nil {
			t.Fatal(err)
		}
		if why != "" {
			t.Errorf("lost wake-up explained: %q by %v", why, order)
		}
		t.Logf("lost wake-up at seed %d, not explained", seed)
		break
	}
}

// TestBaselineObserved: the guided search adds a call only where it
// returns what it returned in the failing execution, when its results
// are compared (Take's int) and were recorded; a call whose results are
// not compared (Put) or that did not return there is added whatever it
// returns.
func TestBaselineObserved(t *testing.T) {
	_, comp, plan, explore := queueEnv(t, "TestQueue", [][]string{{"Put", "Take"}, {"Take"}})
	bl := &baseline{comp: comp, explore: explore}
	// The failing execution: g1's Put and Take returned (Take → 0), g2's
	// Take is blocked.
	r, s, err := explore(plan, sched.Options{Seed: 1, Executions: 200}, nil)
	if err != nil || r.Failure == nil {
		t.Fatalf("%v %v", r.Failure, err)
	}
	if !slices.Equal(s.returned, []int{2, 0}) || s.results[0][1] != "0" {
		t.Fatalf("returned %v, results %q", s.returned, s.results)
	}
	take, put := envgen.CallRef{G: 0, J: 1}, envgen.CallRef{G: 0, J: 0}
	for _, tc := range []struct {
		ref  envgen.CallRef
		got  []string
		want bool
	}{
		{take, []string{"", "0"}, true},
		{take, []string{"", "1"}, false},
		{put, []string{"x"}, true},                            // Put's results are not compared
		{envgen.CallRef{G: 1, J: 0}, []string{"", "7"}, true}, // g2's Take did not return
	} {
		if got := bl.observed(s, tc.ref, &runSnap{results: [][]string{tc.got}}); got != tc.want {
			t.Errorf("%v returning %q: observed %v, want %v", tc.ref, tc.got, got, tc.want)
		}
	}
}

// TestBaselineLateReturn: a call may return well after it took effect.
// In Workers (testdata/queue, gammazero/workerpool's shape), a
// SubmitWait whose task ran before a StopWait is woken only after the
// StopWait returned; a Submit after it panics, and the calls one at a
// time show that (g2's calls up to SubmitWait, then g1's, then Submit).
// But SubmitWait where it returned (after the StopWait) panics itself,
// and so does it where it started when the StopWait started before it;
// the merges were too many to try all (792), and the guided search,
// which compares Stopped's bool but not DoWait's error, went through the
// goroutines in turn and spent its 128 runs on orders with the StopWait
// before g2's calls: the panic was reported as a concurrency bug
// (examples/realworld/workerpool-stop/fixed, 130 environments in). The
// guided search now tries first the call that returned first, and finds
// the order in a few runs. NewWorkersRacy's panic (a send on the closed
// channel) stays a concurrency bug (TestBaselineRealBugs).
func TestBaselineLateReturn(t *testing.T) {
	threads := [][]string{{"StopWait", "Stop", "DoWait", "Stopped", "Do", "Size", "Size"}, {"Stopped", "DoWait", "Size", "SubmitWait", "Submit"}}
	_, comp, plan, explore := queueEnv(t, "TestWorkers", threads)
	bl := &baseline{comp: comp, explore: explore}
	stopWait, submitWait := envgen.CallRef{G: 0, J: 0}, envgen.CallRef{G: 1, J: 3}
	// Past the panics of SubmitWait (after StopWait, in the order the
	// calls ran).
	known := []string{`panic: SubmitWait: "submitting work to stopped workers" (recovered false, repanicked false), more panics false`}
	found := 0
	for seed := uint64(1); seed <= 100 && found == 0; seed++ {
		r, snap, err := explore(plan, sched.Options{Seed: seed, Executions: 300}, known)
		if err != nil {
			t.Fatal(err)
		}
		f := r.Failure
		// g2's Submit panicked after all the other calls returned,
		// its SubmitWait after g1's StopWait.
		if f == nil || f.Kind != sched.Panic || snap.panicG != 1 || !slices.Equal(snap.returned, []int{7, 4}) ||
			slices.Index(snap.order, submitWait) < slices.Index(snap.order, stopWait) {
			continue
		}
		found++
		why, order, _, n, err := bl.explain(plan, f, snap, seed)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: started %v, returned %v: %d runs, order %v", seed, snap.started, snap.order, n, order)
		if !strings.HasPrefix(why, "Submit panics when the calls run one at a time: submitting work to stopped workers") {
			t.Errorf("seed %d: the panic of Submit after a SubmitWait that returned late: %q", seed, why)
		}
	}
	if found == 0 {
		t.Fatal("no execution had SubmitWait return after StopWait and Submit panic")
	}
	// The check: the panics after Stop discarded, nothing reported.
	rep := checkQueue(t, "TestWorkers", 1)
	if rep.Failure != nil {
		t.Errorf("TestWorkers: reported\n%s", rep.Failure.Format(""))
	} else if rep.Discarded == 0 || !strings.Contains(rep.Why, " panics when the calls run one at a time: submitting work to stopped workers") {
		t.Errorf("TestWorkers: %d discarded, first because %q", rep.Discarded, rep.Why)
	}
}
