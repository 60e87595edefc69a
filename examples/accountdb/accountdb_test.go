package accountdb

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// use calls the database's methods from two goroutines, as a
// random-sequence environment of two would.
func use(t *testing.T, total func(*DB) int) {
	db := New()
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		db.Deposit(1, 10)
		db.Transfer(1, 2, 5)
	}()
	go func() {
		defer wg.Done()
		if got := total(db); got != 0 && got != 10 {
			t.Errorf("total %d", got)
		}
	}()
	wg.Wait()
}

// Scenarios.
func accountDB(t *testing.T)      { use(t, (*DB).Total) }
func accountDBFixed(t *testing.T) { use(t, (*DB).TotalLocked) }

func TestFindsRace(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(accountDB, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no race in %d executions (%v)", seed, rep.Executions, f)
		}
		got := []string{f.Race.Current.Pos, f.Race.Previous.Pos}
		if !(got[0] == "accountdb.go:26" && got[1] == "accountdb.go:38" || got[0] == "accountdb.go:38" && got[1] == "accountdb.go:26") {
			t.Errorf("seed %d: race between %v, want accountdb.go:26 and accountdb.go:38", seed, got)
		}
		if err := checktest.Replays(accountDB, f, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(accountDBFixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("explored all %d schedules with at most 2 preemptions", rep.Executions)
}
