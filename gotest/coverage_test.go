package gotest

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// counterTest is a clean test with the default budget: two goroutines
// add to a counter under a mutex.
const counterTest = `package counter

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestCounter(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var mu sync.Mutex
		n := 0
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				mu.Lock()
				n++
				mu.Unlock()
			})
		}
		wg.Wait()
		if n != 2 {
			t.Errorf("n = %d", n)
		}
	})
}
`

// TestCoverageSaturation: a clean check with the default budget reports
// the ordering pairs it covered in its clean line and its attrs, and
// stops early once they saturate; with -mcheck.budget, or
// -mcheck.fullbudget, it spends its budget.
func TestCoverageSaturation(t *testing.T) {
	t.Parallel()
	mod := tempModule(t, map[string]string{"counter/counter_test.go": counterTest})
	run := func(args ...string) (attrs map[string]string, text string) {
		out, ok := goTest(t, mod, "counter", append([]string{"-json", "-v"}, args...)...)
		if !ok {
			t.Fatalf("go test %v failed:\n%s", args, out)
		}
		attrs = map[string]string{}
		for line := range strings.Lines(out) {
			var e struct{ Action, Key, Value, Output string }
			if json.Unmarshal([]byte(line), &e) != nil {
				continue
			}
			if e.Action == "attr" {
				attrs[e.Key] = e.Value
			}
			if strings.Contains(e.Output, "no bug") {
				text = strings.TrimSpace(e.Output)
			}
		}
		return attrs, text
	}
	attrs, text := run()
	pairs, _ := strconv.Atoi(attrs["mcheck.pairs"])
	stale, _ := strconv.Atoi(attrs["mcheck.pairs.stale"])
	execs, _ := strconv.Atoi(attrs["mcheck.executions"])
	if attrs["mcheck.saturated"] != "true" || pairs == 0 || stale < 1000 || 2*stale < execs {
		t.Errorf("default budget: attrs %v", attrs)
	}
	if !strings.Contains(text, "ordering pairs covered, none new in the last") || !strings.Contains(text, "saturated: stopped before the budget") {
		t.Errorf("default budget: the clean line %q", text)
	}
	for _, flag := range []string{"-mcheck.budget=1s", "-mcheck.fullbudget"} {
		args := []string{flag}
		if flag == "-mcheck.fullbudget" {
			args = append(args, "-short") // 1s
		}
		attrs, text := run(args...)
		if attrs["mcheck.saturated"] != "false" || strings.Contains(text, "saturated") || !regexp.MustCompile(`in 1(\.\d+)?s, no bug`).MatchString(text) {
			t.Errorf("%s: attrs %v, clean line %q", flag, attrs, text)
		}
	}
}
