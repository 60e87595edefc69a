package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestTestCommandOptions: the options a test passes to mcheck.Run or
// mcheck.Component hold under mcheck test, and flags given override
// them.
func TestTestCommandOptions(t *testing.T) {
	t.Parallel()
	bank := "../../gotest/testdata/bank"
	var out, errb bytes.Buffer
	// mcheck.Strategy("dfs"), Preemptions(-1), SyncOnly(): one schedule per
	// trace, 2 orders of the locks by 2 of the Dones (DPOR).
	if code := run(bank, []string{"test", "-run", "^TestTransferFixed$", "."}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "mcheck: explored all 4 schedules (dfs), no bug") {
		t.Errorf("TestTransferFixed: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(bank, []string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-executions", "50", "."}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "mcheck: 50 executions (random)") {
		t.Errorf("flags over options: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run(bank, []string{"test", "-run", "^TestBadBudget$", "."}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "mcheck: TestBadBudget: mcheck.Budget 0s: a time budget must be positive (leave it out for the default); mcheck.Executions -1: an execution budget must be positive") {
		t.Errorf("TestBadBudget: exit %d\n%s%s", code, out.String(), errb.String())
	}

	cache := "../../internal/component/testdata/cache"
	out.Reset()
	// mcheck.Finish("Close"): without it the batcher's goroutine leaks.
	if code := run(cache, []string{"test", "-run", "^TestBatcher$", "-executions", "300", "."}, &out, &errb); code != 0 || !strings.Contains(out.String(), "no bug") {
		t.Errorf("TestBatcher: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	// mcheck.Finish("Check"), mcheck.NoRaces(): the lost update, and
	// results that point at themselves in the environment.
	if code := run(cache, []string{"test", "-run", "^TestGraph$", "."}, &out, &errb); code != 1 ||
		!strings.Contains(out.String(), "mcheck: panic: lost update") || !strings.Contains(out.String(), "environment: g") {
		t.Errorf("TestGraph: exit %d\n%s%s", code, out.String(), errb.String())
	}
}
