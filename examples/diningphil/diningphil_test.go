package diningphil

import (
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// The scenarios mcheck explores (go test does not run them directly).

func dinePhil5(t *testing.T) {
	if got := Dine(5); got != 5 {
		t.Errorf("%d meals, want 5", got)
	}
}

func dinePhil5Ordered(t *testing.T) {
	if got := DineOrdered(5); got != 5 {
		t.Errorf("%d meals, want 5", got)
	}
}

func dinePhil3Ordered(t *testing.T) {
	if got := DineOrdered(3); got != 3 {
		t.Errorf("%d meals, want 3", got)
	}
}

// TestFindsDeadlock: the default strategy and budget find the deadlock
// of DiningPhil(5) with 20 different seeds, and the report replays.
func TestFindsDeadlock(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(dinePhil5, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.GlobalDeadlock {
			t.Fatalf("seed %d: no deadlock in %d executions (%v)", seed, rep.Executions, f)
		}
		if len(f.Goroutines) != 6 { // five philosophers and the waiting test
			t.Errorf("seed %d: %d goroutines blocked, want 6", seed, len(f.Goroutines))
		}
		if seed == 1 {
			again, err := checktest.Explore(dinePhil5, sched.Options{Replay: f.Schedule.Token()})
			if err != nil || again.Failure == nil || !slices.Equal(f.Trace, again.Failure.Trace) {
				t.Fatalf("replay of %s: %v %v", f.Schedule.Token(), again.Failure, err)
			}
		}
	}
}

// TestFixedTwinIsClean: with one philosopher taking the forks the other
// way round there is no deadlock; for three philosophers dfs checks every
// schedule within its preemption bound.
func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(dinePhil5Ordered, sched.Options{Seed: 1, Executions: 300})
	if err != nil || rep.Failure != nil {
		t.Fatalf("ordered DiningPhil(5): %v %v", rep.Failure, err)
	}
	rep, err = checktest.Explore(dinePhil3Ordered, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("ordered DiningPhil(3) under dfs: %+v %v", rep, err)
	}
	t.Logf("DiningPhil(3) ordered: explored all %d schedules with at most 2 preemptions", rep.Executions)
}

func dinePhil8(t *testing.T) {
	if got := Dine(8); got != 8 {
		t.Errorf("%d meals, want 8", got)
	}
}

// BenchmarkDiningPhil5 measures executions per second of DiningPhil(5)
// (the bug-free twin, so every execution runs to the end) under the
// random walk on one worker: go test -bench DiningPhil5 ./examples/diningphil
func BenchmarkDiningPhil5(b *testing.B) { benchDiningPhil5(b, nil) }

// BenchmarkDiningPhil5Coverage is BenchmarkDiningPhil5 counting the
// ordering pairs covered (sched.Options.Coverage), as a check with the
// default budget does: the cost of counting.
func BenchmarkDiningPhil5Coverage(b *testing.B) { benchDiningPhil5(b, sched.NewCoverage()) }

func benchDiningPhil5(b *testing.B, cov *sched.Coverage) {
	target, err := checktest.LoadTest(".", "github.com/mcheck-dev/mcheck/examples/diningphil", "dinePhil5Ordered")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	rep, err := sched.Explore(target, sched.Options{Strategy: "random", Workers: 1, Executions: b.N, Coverage: cov})
	if err != nil || rep.Failure != nil {
		b.Fatalf("%v %v", err, rep.Failure)
	}
	b.ReportMetric(float64(rep.Executions)/b.Elapsed().Seconds(), "executions/s")
	b.ReportMetric(float64(rep.Steps)/float64(rep.Executions), "choices/execution")
}

// The scenarios of the EDA benchmark (go run ./examples/bench eda: Table
// I and Figure 4 of Staunton and Clark 2010, 4 to 40 philosophers).

func dinePhil(t *testing.T, n int) {
	if got := Dine(n); got != n {
		t.Errorf("%d meals, want %d", got, n)
	}
}

func dinePhil4(t *testing.T)  { dinePhil(t, 4) }
func dinePhil12(t *testing.T) { dinePhil(t, 12) }
func dinePhil16(t *testing.T) { dinePhil(t, 16) }
func dinePhil20(t *testing.T) { dinePhil(t, 20) }
func dinePhil24(t *testing.T) { dinePhil(t, 24) }
func dinePhil28(t *testing.T) { dinePhil(t, 28) }
func dinePhil32(t *testing.T) { dinePhil(t, 32) }
func dinePhil36(t *testing.T) { dinePhil(t, 36) }
func dinePhil40(t *testing.T) { dinePhil(t, 40) }
