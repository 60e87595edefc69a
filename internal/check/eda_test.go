package check

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/sched"
)

func loadExample(t *testing.T, dir, test string) (sched.Target, ID) {
	t.Helper()
	id := ID{Pkg: "github.com/mcheck-dev/mcheck/examples/" + dir, Test: test}
	target, err := LoadTest(filepath.Join("..", "..", "examples", dir), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return target, id
}

// TestEDAModelKept: the strategy eda saves its model next to the
// corpus, the next run starts from it, and a model that does not fit
// (another program's, another version) is ignored with a note while the
// search still finds the bug.
func TestEDAModelKept(t *testing.T) {
	t.Parallel()
	target, id := loadExample(t, "diningphil", "dinePhil8")
	corpus := Corpus(t.TempDir())
	var c Config
	c.SetStrategy("test", "eda")
	c.Seed, c.Executions = 1, 5000
	explore := func() *RunReport {
		t.Helper()
		rep, err := Explore(target, id, corpus, c)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure == nil || rep.Failure.Kind != sched.GlobalDeadlock || rep.FromCorpus {
			t.Fatalf("no deadlock found by the search: %+v", rep)
		}
		return rep
	}
	file := filepath.Join(string(corpus), ModelFile)
	cold := explore()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no model saved: %v", err)
	}
	if _, err := heuristics.LoadModel(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	if cold.Note != "" || cold.Strategy != "eda/blocked" {
		t.Errorf("cold run: strategy %q, note %q", cold.Strategy, cold.Note)
	}
	warm := explore()
	if warm.Note != "" {
		t.Errorf("warm run: %s", warm.Note)
	}
	t.Logf("cold start %d executions, warm %d", cold.Executions, warm.Executions)
	for _, tc := range []struct{ model, note string }{
		{`{"version": 1, "n": 3, "grams": [{"context": ["sync.Mutex.Lock@other.go:10"], "next": {"sync.Mutex.Lock@other.go:11": 3}}]}`,
			"does not match the code"},
		{`{"version": 99, "n": 3, "grams": []}`, "EDA model of version 99, want 1"},
		{`garbage`, "not an EDA model"},
	} {
		if err := os.WriteFile(file, []byte(tc.model), 0o644); err != nil {
			t.Fatal(err)
		}
		if rep := explore(); !strings.Contains(rep.Note, tc.note) {
			t.Errorf("model %s: note %q, want %q", tc.model, rep.Note, tc.note)
		}
	}
}

// TestPortfolioTurnsToEDA: the default portfolio spends the first half
// of its budget on the random walk and PCT, then the EDA; a budget in
// executions is spent exactly, and the bug that only the EDA finds is
// found by it, deterministically.
func TestPortfolioTurnsToEDA(t *testing.T) {
	t.Parallel()
	target, id := loadExample(t, "edarace", "rally30")
	var c Config
	c.Seed, c.Executions = 1, 20000
	rep, err := Explore(target, id, "", c)
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil || f.Kind != sched.DataRace || !strings.HasPrefix(rep.Strategy, "portfolio, then eda/") || rep.Executions <= 10000 {
		t.Fatalf("%s after %d executions: %v", rep.Strategy, rep.Executions, f)
	}
	again, err := Explore(target, id, "", c)
	if err != nil || again.Failure == nil || again.Executions != rep.Executions || again.Failure.Schedule.Token() != f.Schedule.Token() {
		t.Errorf("the same seed twice: %d executions (%s), then %v %v", rep.Executions, f.Schedule.Token(), again, err)
	}
	c.Replay = id.Token(f.Schedule.Token())
	replay, err := Explore(target, id, "", c)
	if err != nil || replay.Failure == nil || replay.Failure.Kind != sched.DataRace {
		t.Errorf("the failure does not replay: %v %v", replay, err)
	}
	t.Logf("found by %s after %d executions", rep.Strategy, rep.Executions)
	clean, cid := loadExample(t, "edarace", "rally30Fixed")
	c.Replay, c.Executions = "", 3000
	rep, err = Explore(clean, cid, "", c)
	if err != nil || rep.Failure != nil || rep.Executions != 3000 || rep.Strategy != "portfolio" {
		t.Errorf("fixed twin: %v %v", rep, err)
	}
}

// TestPortfolioKeepsTimeBudget: once the time budget is spent, the
// portfolio starts no EDA phase (each would still run an execution).
func TestPortfolioKeepsTimeBudget(t *testing.T) {
	t.Parallel()
	target, id := loadExample(t, "edarace", "rally30Fixed")
	var c Config
	c.Seed, c.Time = 1, time.Microsecond
	rep, err := Explore(target, id, "", c)
	if err != nil || rep.Failure != nil || rep.Executions+rep.Inconclusive != 1 || rep.Strategy != "portfolio" {
		t.Errorf("a spent budget: %s, %d executions, %d inconclusive, %v, %v", rep.Strategy, rep.Executions, rep.Inconclusive, rep.Failure, err)
	}
}

// TestUntilHard: a part of the portfolio may run an execution on until
// the whole budget's grace is spent, whatever its own share: the part's
// grace is what is left of the whole past the part's own budget.
func TestUntilHard(t *testing.T) {
	start := time.Now()
	grace := untilHard(start, 10*time.Second, 5*time.Second)
	// 10s + 0.5s (DeadlineGrace(10s)) - 5s, less the moments since start.
	if want := 5500 * time.Millisecond; grace > want || grace < want-time.Second {
		t.Errorf("untilHard = %v, want about %v", grace, want)
	}
	if g := untilHard(start.Add(-time.Hour), 10*time.Second, 5*time.Second); g != sched.DeadlineGrace(5*time.Second) {
		t.Errorf("a whole budget spent: untilHard = %v, want the part's own grace %v", g, sched.DeadlineGrace(5*time.Second))
	}
	if g := untilHard(start, 0, 0); g != 0 {
		t.Errorf("no time budget: untilHard = %v, want 0", g)
	}
}
