package restarts

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLubyIsThePapersSequence(t *testing.T) {
	// Parizek and Kalibera, TACAS 2010, Section 6: "The first few
	// elements of the sequence k_i are 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8."
	want := []float64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		k, err := Multiplier("luby", i+1)
		require.NoError(t, err)
		require.Equal(t, w, k, "k_%d", i+1)
	}
}

func TestWalshAndFixed(t *testing.T) {
	for i := 1; i <= 6; i++ {
		k, err := Multiplier("walsh", i)
		require.NoError(t, err)
		require.InDelta(t, math.Pow(math.Sqrt2, float64(i-1)), k, 1e-12)
		k, err = Multiplier("fixed", i)
		require.NoError(t, err)
		require.Equal(t, 1.0, k)
	}
	_, err := Multiplier("geometric", 1)
	require.ErrorContains(t, err, `unknown strategy "geometric"`)
}

func TestBudgetsFollowTheStrategy(t *testing.T) {
	var got []int
	out, err := Run(Config{Strategy: "luby", Unit: Budget{Executions: 10}, Attempts: 7, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) {
			got = append(got, b.Executions)
			return Result{Executions: b.Executions}, nil
		})
	require.NoError(t, err)
	require.Equal(t, []int{10, 10, 20, 10, 10, 20, 40}, got)
	require.Nil(t, out.Found)
	require.Equal(t, 7, out.Attempts)
	require.Equal(t, 120, out.Executions)
}

func TestTotalBudgetCutsTheLastAttempt(t *testing.T) {
	var got []int
	out, err := Run(Config{Strategy: "walsh", Unit: Budget{Executions: 100}, Total: Budget{Executions: 300}, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) {
			got = append(got, b.Executions)
			return Result{Executions: b.Executions}, nil
		})
	require.NoError(t, err)
	require.Equal(t, []int{100, 141, 59}, got)
	require.Equal(t, 300, out.Executions)
}

// The attempt that finds the bug, and the counts, do not depend on the
// number of workers: attempts are numbered, seeded by their number, and
// the lowest finder wins.
func TestOutcomeIndependentOfWorkers(t *testing.T) {
	attempt := func(i int, seed uint64, b Budget) (Result, error) {
		time.Sleep(time.Duration(seed%3) * time.Millisecond)
		return Result{Found: seed%7 == 0 && i > 3, Executions: b.Executions, Bug: seed}, nil
	}
	var first *Outcome
	for _, w := range []int{1, 2, 5} {
		out, err := Run(Config{Strategy: "luby", Unit: Budget{Executions: 3}, Workers: w, Seed: 42, Attempts: 500}, attempt)
		require.NoError(t, err)
		require.NotNil(t, out.Found)
		if first == nil {
			first = out
			continue
		}
		require.Equal(t, first.FoundBy, out.FoundBy, "workers %d", w)
		require.Equal(t, first.Executions, out.Executions)
		require.Equal(t, first.Found.Bug, out.Found.Bug)
	}
	require.Equal(t, uint64(0), Seed(42, first.FoundBy)%7)
}

func TestTimeBudget(t *testing.T) {
	start := time.Now()
	out, err := Run(Config{Strategy: "fixed", Unit: Budget{Time: 20 * time.Millisecond}, Total: Budget{Time: 100 * time.Millisecond}, Workers: 2},
		func(i int, seed uint64, b Budget) (Result, error) {
			assert.LessOrEqual(t, b.Time, 20*time.Millisecond) // not require: another goroutine
			time.Sleep(b.Time)
			return Result{Executions: 1}, nil
		})
	require.NoError(t, err)
	require.Nil(t, out.Found)
	require.GreaterOrEqual(t, out.Attempts, 4)
	require.Less(t, time.Since(start), 2*time.Second)
}

func TestSingleAttempt(t *testing.T) {
	out, err := Run(Config{Total: Budget{Executions: 50}}, func(i int, seed uint64, b Budget) (Result, error) {
		require.Equal(t, 1, i)
		require.Equal(t, 50, b.Executions)
		return Result{Exhausted: true, Executions: 12}, nil
	})
	require.NoError(t, err)
	require.Equal(t, 1, out.Attempts)
	_, err = Run(Config{Strategy: "luby"}, nil)
	require.ErrorContains(t, err, "needs a unit budget")
}

// A time budget alone runs the restart loop until the time is spent,
// however many executions that takes: attempts get execution budgets
// from the unit and the time left, and the loop does not stop at any
// execution count.
func TestTimeAloneHasNoExecutionCap(t *testing.T) {
	start := time.Now()
	out, err := Run(Config{Strategy: "luby", Unit: Budget{Executions: 10}, Total: Budget{Time: 150 * time.Millisecond}, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) {
			assert.Positive(t, b.Time)
			assert.Positive(t, b.Executions)
			time.Sleep(time.Duration(b.Executions) * 100 * time.Microsecond) // 0.1ms per execution
			return Result{Executions: b.Executions}, nil
		})
	require.NoError(t, err)
	require.GreaterOrEqual(t, time.Since(start), 150*time.Millisecond)
	require.Greater(t, out.Executions, 500) // not cut at a default count
}

// An execution budget alone has no time cap: attempts get no time
// budget, and the loop stops at exactly the executions given.
func TestExecutionsAloneHaveNoTimeCap(t *testing.T) {
	out, err := Run(Config{Strategy: "fixed", Unit: Budget{Executions: 7}, Total: Budget{Executions: 40}, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) {
			assert.Zero(t, b.Time)
			return Result{Executions: b.Executions}, nil
		})
	require.NoError(t, err)
	require.Equal(t, 40, out.Executions)
}

// Both set: whichever runs out first.
func TestBothBudgetsWhicheverFirst(t *testing.T) {
	start := time.Now()
	out, err := Run(Config{Strategy: "fixed", Unit: Budget{Executions: 1}, Total: Budget{Executions: 1 << 40, Time: 60 * time.Millisecond}, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) {
			time.Sleep(time.Millisecond)
			return Result{Executions: 1}, nil
		})
	require.NoError(t, err)
	require.Less(t, time.Since(start), 2*time.Second)
	require.Less(t, out.Executions, 1000)
	out, err = Run(Config{Strategy: "fixed", Unit: Budget{Executions: 1}, Total: Budget{Executions: 5, Time: time.Hour}, Workers: 1},
		func(i int, seed uint64, b Budget) (Result, error) { return Result{Executions: 1}, nil })
	require.NoError(t, err)
	require.Equal(t, 5, out.Executions)
}

func TestNegativeBudgetsRefused(t *testing.T) {
	for _, c := range []Config{
		{Strategy: "luby", Unit: Budget{Executions: -1}},
		{Strategy: "luby", Unit: Budget{Executions: 1}, Total: Budget{Time: -time.Second}},
		{Total: Budget{Executions: -5}},
	} {
		_, err := Run(c, func(i int, seed uint64, b Budget) (Result, error) {
			t.Fatalf("attempt run with %+v", c)
			return Result{}, nil
		})
		require.ErrorContains(t, err, "negative budget")
	}
}
