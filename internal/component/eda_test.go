package component

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// TestComponentEDAModelKept: mcheck.Component keeps the EDA model in the
// test's corpus like Run: a check saves it (the model of the attempt
// that found the bug, or with the strategy eda the last attempt's), the
// next check starts from it, the model saved does not depend on the
// number of workers, and a model that does not fit is ignored with a
// note.
func TestComponentEDAModelKept(t *testing.T) {
	t.Parallel()
	const dir, pkg = "testdata/queue", "github.com/mcheck-dev/mcheck/internal/component/testdata/queue"
	run := func(strategy, test string, corpus check.Corpus, workers, execs int) *check.ComponentReport {
		t.Helper()
		var c check.Config
		if strategy != "" {
			c.SetStrategy("test", strategy)
		}
		c.Seed, c.Executions, c.Workers = 3, execs, workers
		id := check.ID{Pkg: pkg, Test: test}
		target, err := check.LoadTest(dir, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Check(target, id, corpus, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	checkOf := func(test string, corpus check.Corpus, workers, execs int) (*check.ComponentReport, []byte) {
		t.Helper()
		rep := run("eda", test, corpus, workers, execs)
		b, err := os.ReadFile(filepath.Join(string(corpus), check.ModelFile))
		if err != nil {
			t.Fatalf("%s: no model saved: %v", test, err)
		}
		if _, err := heuristics.LoadModel(bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
		return rep, b
	}
	// A clean component: several attempts, the last one's model is saved,
	// the same for 1 and 3 workers.
	cold, m1 := checkOf("TestQueue", check.Corpus(t.TempDir()), 1, 1500)
	if cold.Failure != nil || cold.Note != "" || cold.Attempts < 3 {
		t.Fatalf("clean queue: %d attempts, note %q, %v", cold.Attempts, cold.Note, cold.Failure)
	}
	_, m3 := checkOf("TestQueue", check.Corpus(t.TempDir()), 3, 1500)
	if !bytes.Equal(m1, m3) {
		t.Errorf("the model saved with 3 workers is not the one saved with 1")
	}
	// The default portfolio runs the EDA in attempts after the first, but
	// keeps its model only with a bug, as Run's.
	clean := check.Corpus(t.TempDir())
	if rep := run("", "TestQueue", clean, 2, 1500); rep.Failure != nil || rep.Attempts < 3 {
		t.Fatalf("clean queue, portfolio: %d attempts, %v", rep.Attempts, rep.Failure)
	}
	if _, err := os.Stat(filepath.Join(string(clean), check.ModelFile)); err == nil {
		t.Errorf("the portfolio saved a model without a bug")
	}
	// The next check starts from the saved model: it learns another one.
	corpus := check.Corpus(t.TempDir())
	file := filepath.Join(string(corpus), check.ModelFile)
	if err := os.WriteFile(file, m1, 0o644); err != nil {
		t.Fatal(err)
	}
	warm, m2 := checkOf("TestQueue", corpus, 1, 1500)
	if warm.Note != "" || bytes.Equal(m1, m2) {
		t.Errorf("the saved model was not used: note %q, the same model saved again %v", warm.Note, bytes.Equal(m1, m2))
	}
	// A component with a bug: the model of the attempt that found it.
	bug, b2 := checkOf("TestAccounts", check.Corpus(t.TempDir()), 2, 3000)
	if bug.Failure == nil || bug.Failure.Kind != sched.GlobalDeadlock && bug.Failure.Kind != sched.Leak {
		t.Fatalf("accounts: no deadlock: %+v", bug)
	}
	if again, b1 := checkOf("TestAccounts", check.Corpus(t.TempDir()), 1, 3000); !bytes.Equal(b1, b2) || again.Token != bug.Token {
		t.Errorf("accounts: another model or failure with 1 worker than with 2")
	}
	for _, tc := range []struct{ model, note string }{
		{`{"version": 1, "n": 3, "grams": [{"context": ["sync.Mutex.Lock@other.go:10"], "next": {"sync.Mutex.Lock@other.go:11": 3}}]}`,
			"does not match the code"},
		{`garbage`, "not an EDA model"},
	} {
		if err := os.WriteFile(file, []byte(tc.model), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, _ := checkOf("TestQueue", corpus, 2, 600)
		if !strings.Contains(rep.Note, tc.note) {
			t.Errorf("model %s: note %q, want %q", tc.model, rep.Note, tc.note)
		}
		if text := (&check.Result{Component: rep}).Text(); !strings.Contains(text, "mcheck: "+rep.Note+"\n") {
			t.Errorf("the report does not print the note:\n%s", text)
		}
	}
}
