package check

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

// TestCoverageReported: the coverage of a clean search is in its clean
// line, its attrs and its JSON figures; a search that did not count it
// says nothing of it.
func TestCoverageReported(t *testing.T) {
	t.Parallel()
	run := &Result{Run: &RunReport{Report: &sched.Report{Strategy: "portfolio", Executions: 31139, Pairs: 212, PairsStale: 9000}}}
	if text := run.Text(); !strings.Contains(text, "no bug; 212 ordering pairs covered, none new in the last 9000 executions\n") {
		t.Errorf("clean line: %q", text)
	}
	wantAttrs := []Attr{{"mcheck.verdict", "clean"}, {"mcheck.executions", "31139"}, {"mcheck.inconclusive", "0"},
		{"mcheck.pairs", "212"}, {"mcheck.pairs.stale", "9000"}, {"mcheck.saturated", "false"}}
	if got := run.Attrs(); !slices.Equal(got, wantAttrs) {
		t.Errorf("attrs: %v, want %v", got, wantAttrs)
	}
	b, err := json.Marshal(run.Report())
	if err != nil || !strings.Contains(string(b), `"pairs":212,"pairs_stale":9000}`) {
		t.Errorf("JSON: %s (%v)", b, err)
	}

	run.Run.Saturated = true
	if text := run.Text(); !strings.Contains(text, "(saturated: stopped before the budget)") {
		t.Errorf("clean line of a saturated search: %q", text)
	}

	comp := &Result{Component: &ComponentReport{Component: &envgen.Component{Ctor: "New"}, Attempts: 12, Executions: 4000,
		Coverage: Coverage{Pairs: 40, MethodPairs: 6, Stale: 2500, Saturated: true}}}
	if text := comp.Text(); !strings.Contains(text, "no bug; 40 ordering pairs and 6 method pairs covered, none new in the last 2500 executions (saturated: stopped before the budget)") {
		t.Errorf("component clean line: %q", text)
	}
	if got := comp.Attrs(); !slices.Contains(got, Attr{"mcheck.methodpairs", "6"}) || !slices.Contains(got, Attr{"mcheck.saturated", "true"}) {
		t.Errorf("component attrs: %v", got)
	}

	plain := &Result{Run: &RunReport{Report: &sched.Report{Strategy: "dfs", Executions: 4, Exhausted: true}}}
	if text := plain.Text(); strings.Contains(text, "pairs") || len(plain.Attrs()) != 3 {
		t.Errorf("a search that did not count coverage: %q %v", text, plain.Attrs())
	}
}
