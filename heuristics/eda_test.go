package heuristics_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

func loadDiningPhil(t testing.TB, fn string) sched.Target {
	t.Helper()
	target, err := checktest.LoadTest("../examples/diningphil", "github.com/mcheck-dev/mcheck/examples/diningphil", fn)
	if err != nil {
		t.Fatal(err)
	}
	return target
}

// exploreEDA explores target with a new EDA search.
func exploreEDA(t *testing.T, target sched.Target, seed uint64, execs int, opts heuristics.EDAOptions) (*sched.Report, *heuristics.EDA) {
	t.Helper()
	var e *heuristics.EDA
	rep, err := sched.Explore(target, sched.Options{Strategy: "eda", Workers: 1, Seed: seed, Executions: execs,
		Custom: func() sched.Strategy { e = heuristics.NewEDA(opts); return e }})
	if err != nil {
		t.Fatal(err)
	}
	return rep, e
}

// TestEDAFindsDiningPhil: the EDA finds the deadlock of DiningPhil(8)
// (Staunton and Clark 2010, Table I: 50/50 runs, 812 paths on average) within 5,000
// executions for three seeds, after learning (it needs more than one
// generation for at least one of them), and the failure replays from its
// schedule.
func TestEDAFindsDiningPhil(t *testing.T) {
	target := loadDiningPhil(t, "dinePhil8")
	learned := false
	for seed := uint64(1); seed <= 3; seed++ {
		rep, e := exploreEDA(t, target, seed, 5000, heuristics.EDAOptions{})
		f := rep.Failure
		if f == nil || f.Kind != sched.GlobalDeadlock {
			t.Fatalf("seed %d: no deadlock in %d executions (%v)", seed, rep.Executions, f)
		}
		learned = learned || e.Generations() > 0
		t.Logf("seed %d: found after %d executions, %d generations", seed, rep.Executions, e.Generations())
		again, err := sched.Explore(target, sched.Options{Replay: f.Schedule.Token()})
		if err != nil || again.Failure == nil || again.Failure.Kind != f.Kind || !slices.Equal(again.Failure.Trace, f.Trace) {
			t.Fatalf("seed %d: the schedule %s does not replay: %v %v", seed, f.Schedule.Token(), again.Failure, err)
		}
	}
	if !learned {
		t.Errorf("every seed found the deadlock in the first, random, generation")
	}
}

// TestEDADeterministic: the same seed gives the same search, different
// seeds different ones.
func TestEDADeterministic(t *testing.T) {
	target := loadDiningPhil(t, "dinePhil8")
	a, _ := exploreEDA(t, target, 7, 3000, heuristics.EDAOptions{})
	b, _ := exploreEDA(t, target, 7, 3000, heuristics.EDAOptions{})
	c, _ := exploreEDA(t, target, 8, 3000, heuristics.EDAOptions{})
	if a.Failure == nil || b.Failure == nil || c.Failure == nil {
		t.Fatalf("no deadlock: %v %v %v", a.Failure, b.Failure, c.Failure)
	}
	if a.Executions != b.Executions || a.Failure.Schedule.Token() != b.Failure.Schedule.Token() {
		t.Errorf("seed 7 twice: %d executions (%s), then %d (%s)", a.Executions, a.Failure.Schedule.Token(), b.Executions, b.Failure.Schedule.Token())
	}
	if a.Failure.Schedule.Token() == c.Failure.Schedule.Token() {
		t.Errorf("seeds 7 and 8 give the same schedule %s", a.Failure.Schedule.Token())
	}
}

// TestEDAWarmStart: a model learned on DiningPhil(8), saved and loaded,
// makes the search of DiningPhil(12) find the deadlock in fewer
// executions than from a blank model, summed over three seeds (the
// observation of Staunton and Clark 2010, Sect. V); under -short, for
// the first seed.
func TestEDAWarmStart(t *testing.T) {
	seeds := checktest.Seeds(3)
	small := loadDiningPhil(t, "dinePhil8")
	rep, e := exploreEDA(t, small, 1, 5000, heuristics.EDAOptions{})
	if rep.Failure == nil {
		t.Fatal("no deadlock in DiningPhil(8)")
	}
	var buf bytes.Buffer
	if err := e.Learned(rep.Failure.Execution).Save(&buf, "blocked"); err != nil {
		t.Fatal(err)
	}
	large := loadDiningPhil(t, "dinePhil12")
	cold, warm := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		m, err := heuristics.LoadModel(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := exploreEDA(t, large, seed, 20000, heuristics.EDAOptions{})
		w, we := exploreEDA(t, large, seed, 20000, heuristics.EDAOptions{Model: m})
		t.Logf("seed %d: cold %d warm %d (%d generations)", seed, c.Executions, w.Executions, we.Generations())
		if c.Failure == nil || w.Failure == nil {
			t.Fatalf("seed %d: no deadlock in DiningPhil(12): cold %v, warm %v", seed, c.Failure, w.Failure)
		}
		if we.Note() != "" {
			t.Errorf("seed %d: %s", seed, we.Note())
		}
		cold += c.Executions
		warm += w.Executions
	}
	t.Logf("DiningPhil(12), %d seeds: %d executions cold, %d warm from DiningPhil(8)'s model", seeds, cold, warm)
	if warm >= cold {
		t.Errorf("warm start took %d executions, cold %d", warm, cold)
	}
}
