package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

var strategies = []string{"portfolio", "random", "pct", "dfs", "eda", "guided"}

// matrixTests selects the tests of the fixture verdicts that
// TestNoVerdictMatrix runs.
const matrixTests = "^Test(Before|After|(Run|Check|Component)(Loop|Deep|Hog|Native)|ComponentMisuse)$"

// TestNoVerdictMatrix: under mcheck test and mcheck explore, for each
// strategy, every way a check can end without a verdict (the loop,
// depth and memory bounds, a function mcheck cannot run, a misuse of
// the API) is reported as a test mcheck could not run, naming the
// cause, and the other tests still run: exit 2, never a crash.
func TestNoVerdictMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("explores 6 strategies")
	}
	const dir = "../../gotest/testdata/verdicts"
	for _, strategy := range strategies {
		t.Run(strategy, func(t *testing.T) {
			t.Parallel()
			var out, errb bytes.Buffer
			// -executions caps the clean TestBefore and TestAfter (with
			// the time budget alone each spent its whole 3s); the 3s
			// still bounds the checks that end without a verdict.
			code := run(dir, []string{"test", "-budget", "3s", "-executions", "1000", "-memory", "64MiB", "-strategy", strategy, "-guide", "verdicts.go:23",
				"-run", matrixTests, "."}, &out, &errb)
			if code != exitCannot {
				t.Errorf("exit %d, want %d", code, exitCannot)
			}
			for _, name := range []string{"TestBefore", "TestAfter"} {
				if !strings.Contains(out.String(), "=== "+name+" (") {
					t.Errorf("%s did not run", name)
				}
			}
			for cause, want := range map[string]string{"Loop": "(Loop|was not checked)", "Deep": "call depth limit", "Hog": "out of memory", "Native": "getm has no Go body"} {
				for _, front := range []string{"Run", "Check", "Component"} {
					if !regexp.MustCompile(`(?m)^mcheck.*\bTest` + front + cause + `:? .*` + want).MatchString(errb.String()) {
						t.Errorf("Test%s%s: no mcheck error naming %q", front, cause, want)
					}
				}
			}
			if !strings.Contains(errb.String(), "TestComponentMisuse: the test did not reach its mcheck.Component") {
				t.Error("TestComponentMisuse: no error")
			}
			if !strings.Contains(out.String(), "mcheck: 0 with a bug, 2 clean, 13 mcheck could not run") {
				t.Error("the summary")
			}
			if t.Failed() {
				t.Logf("stdout:\n%s\nstderr:\n%s", out.String(), errb.String())
			}
			// The loop reaches the loop bound, or on a slow machine the
			// time budget first.
			for cause, want := range map[string]string{"loop": "(step limit|was not checked)", "deep": "call depth limit", "native": "getm has no Go body"} {
				out.Reset()
				errb.Reset()
				code := run("testdata/causes", []string{"explore", "-budget", "1s", "-strategy", strategy, "-guide", "main.go:7", "./" + cause}, &out, &errb)
				if code != exitCannot || !regexp.MustCompile(want).MatchString(errb.String()) {
					t.Errorf("explore ./%s: exit %d, want %d and an error naming %q:\n%s%s", cause, code, exitCannot, want, out.String(), errb.String())
				}
			}
		})
	}
}

// TestReplayNotRun: a replay token whose test is not among those run is
// an error naming the token's test (exit 2), never a clean run.
func TestReplayNotRun(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run("../../gotest/testdata/verdicts", []string{"test", "-replay", "TestElsewhere.3f9a1c.v1.AQID", "-run", "^TestBefore$", "."}, &out, &errb)
	if code != exitCannot || !strings.Contains(errb.String(), "nothing was replayed: the replay token is for the test TestElsewhere") {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// TestOutsideTheProcess: under mcheck test, a test that dials outside
// the loopback network or runs another process could not run (exit 2),
// with an error naming what it tried and its line; the services
// fixture's network tests over loopback run and are judged.
func TestOutsideTheProcess(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	// -executions 30 beside the 1s, as gotest's TestServicesEndToEnd
	// runs this fixture: TestEchoFixed's clean check is not what this
	// test is about, and spent the whole 1s.
	code := run("../../gotest/testdata/services", []string{"test", "-budget", "1s", "-executions", "30", "-run", "^Test(Outside|RecorderRace|EchoFixed)$", "."}, &out, &errb)
	if code != exitBug {
		t.Errorf("exit %d, want %d (TestRecorderRace's race)", code, exitBug)
	}
	for _, want := range []string{
		"TestOutside: mcheck could not run the program: ",
		"services_test.go:",
		"dial tcp 192.0.2.1:80: network access outside the process is not modelled",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if !strings.Contains(out.String(), "mcheck: 1 with a bug, 1 clean, 1 mcheck could not run") {
		t.Errorf("the summary")
	}
	if t.Failed() {
		t.Logf("stdout:\n%s\nstderr:\n%s", out.String(), errb.String())
	}
}
