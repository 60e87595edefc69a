package heuristics

import (
	"os"
	"strconv"
	"testing"
	"time"

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

// exploreEDA explores target with a fresh EDA search per exploration.
func exploreEDA(target sched.Target, seed uint64, execs int, opts EDAOptions) (*sched.Report, *EDA, error) {
	e := NewEDA(opts)
	rep, err := sched.Explore(target, sched.Options{Strategy: "eda", Custom: func() sched.Strategy { return e }, Workers: 1, Seed: seed, Executions: execs, SyncOnly: os.Getenv("EDA_SYNC") != ""})
	return rep, e, err
}

func TestTry(t *testing.T) {
	n := os.Getenv("EDA_N")
	if n == "" {
		t.Skip()
	}
	target := loadDiningPhil(t, "dinePhil"+n)
	for seed := uint64(1); seed <= 5; seed++ {
		start := time.Now()
		rep, e, err := exploreEDA(target, seed, 20000, EDAOptions{})
		if err != nil {
			t.Fatal(err)
		}
		k := ""
		if rep.Failure != nil {
			k = string(rep.Failure.Kind)
		}
		t.Logf("N=%s seed %d: %q after %d executions, %d generations, %v", n, seed, k, rep.Executions, e.Generations(), time.Since(start))
	}
	_ = strconv.Itoa
}
