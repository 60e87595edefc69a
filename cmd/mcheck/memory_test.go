package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestSuiteWithMemoryHog: in a suite where one test allocates without
// bound, mcheck test reports that test as one it could not run, still
// explores the others, and exits 1 for the bug another test has; 2 when
// nothing but the hog fails.
func TestSuiteWithMemoryHog(t *testing.T) {
	t.Parallel()
	const dir = "testdata/memsuite"
	var out, errb bytes.Buffer
	code := run(dir, []string{"test", "-memory", "16MiB", "-executions", "20", "."}, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	if want := "mcheck could not run TestLogForever: out of memory: execution allocated more than 16 MiB; last allocation at "; !strings.Contains(errb.String(), want) ||
		!strings.Contains(errb.String(), "memsuite.go:13 ((*github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/memsuite.Log).Add)") {
		t.Errorf("stderr lacks %q:\n%s", want, errb.String())
	}
	// Runaway recursion and an endless loop end at their bounds, as
	// tests mcheck could not run, with the place.
	for _, want := range []string{
		"mcheck could not run TestRecurseForever: call depth limit: more than 100000 nested calls on goroutine 1, calling github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/memsuite.depth at ",
		"memsuite_test.go:39 (github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/memsuite.depth) (runaway recursion?)",
		"mcheck could not run TestSpinForever: step limit of 10000000 exceeded in github.com/mcheck-dev/mcheck/cmd/mcheck/testdata/memsuite.TestSpinForever at ",
		"memsuite_test.go:49 (an infinite loop?)",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	for _, want := range []string{"=== TestLogSome", "no bug", "=== TestRacyCounter", "mcheck: data race", "memsuite.go:19"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	errb.Reset()
	code = run(dir, []string{"test", "-memory", "16MiB", "-executions", "20", "-run", "TestLog", "."}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "mcheck could not run TestLogForever: out of memory") || !strings.Contains(out.String(), "=== TestLogSome") {
		t.Fatalf("without the race: exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, bad := range []string{"0", "-1GiB", "lots"} {
		errb.Reset()
		if code := run(dir, []string{"test", "-memory", bad, "."}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "invalid size") {
			t.Errorf("-memory %s: exit %d, stderr %q", bad, code, errb.String())
		}
	}
}

// TestHostMemoryLimit: the soft limit is three quarters of the
// machine's memory, and GOMEMLIMIT set by the user wins.
func TestHostMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	total := physicalMemory()
	if total == 0 {
		t.Skip("machine memory unknown here (not Linux)")
	}
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOMEMLIMIT")
	if got := setHostMemoryLimit(); got != total/4*3 || debug.SetMemoryLimit(-1) != got {
		t.Fatalf("limit %d, machine %d", got, total)
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	if got := setHostMemoryLimit(); got != 0 {
		t.Fatalf("with GOMEMLIMIT set: limit %d", got)
	}
}
