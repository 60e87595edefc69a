package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/checktest"
)

// brokenTree is a module with one package that does not compile and two
// good ones: one with a bug, one clean.
func brokenTree(t *testing.T) string {
	return checktest.TempModule(t, map[string]string{
		"broken/broken.go":      "package broken\n\nfunc F() int { return \"s\" }\n",
		"broken/broken_test.go": "package broken\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
		"good/good.go":          "package good\n\nfunc Add(a, b int) int { return a + b }\n",
		"good/good_test.go":     "package good\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"sum\")\n\t}\n}\n",
		"racy/racy.go":          "package racy\n",
		// No test files, and cgo, which mcheck does not load: not loaded.
		"notests/notests.go": "package notests\n\n// int one(void) { return 1; }\nimport \"C\"\n\nfunc One() int { return int(C.one()) }\n",
		"racy/racy_test.go": `package racy

import (
	"sync"
	"testing"
)

func TestCounter(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); n++ }()
	}
	wg.Wait()
}

func TestQuiet(t *testing.T) {}
`,
	})
}

// TestSuite runs mcheck test on a tree with a package that does not
// compile and two good ones (one tree, so that loads are shared).
func TestSuite(t *testing.T) {
	t.Parallel()
	mod := brokenTree(t)
	t.Run("PackageByPackage", func(t *testing.T) { suitePackageByPackage(t, mod) })
	t.Run("JSON", func(t *testing.T) { suiteJSON(t, mod) })
	t.Run("Replay", func(t *testing.T) { suiteReplay(t, mod) })
	t.Run("Sharding", func(t *testing.T) { suiteSharding(t, mod) })
}

// suitePackageByPackage: mcheck test ./... on a tree with a package
// that does not compile reports it once and runs the others; the
// summary counts bugs, clean tests and what could not run; a bug makes
// the exit status 1, else something that could not run 2.
func suitePackageByPackage(t *testing.T, mod string) {
	var out, errb bytes.Buffer
	code := run(mod, []string{"test", "-executions", "200", "./..."}, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	if n := strings.Count(errb.String(), `cannot use "s"`); n != 1 || !strings.Contains(errb.String(), "mcheck: cannot load fixture/broken, skipped:") {
		t.Errorf("the compile error is reported %d times:\n%s", n, errb.String())
	}
	if n := strings.Count(out.String(), "[no test files]"); n != 1 {
		t.Errorf("%d packages without test files, want 1 (fixture/notests; not the tests' main packages):\n%s", n, out.String())
	}
	for _, want := range []string{"?     fixture/notests  [no test files]\n", "=== TestAdd (fixture/good)", "=== TestCounter (fixture/racy)", "mcheck: data race", "=== TestQuiet (fixture/racy)",
		"\nok    fixture/good  1 test, 200 executions (", "\nFAIL  fixture/racy  2 tests, 1 with a bug, ",
		"\npackage       tests  bugs  clean  could not run  executions  executions/s", "\nfixture/racy      2     1      1              0 ",
		"mcheck: 1 with a bug, 2 clean, 1 mcheck could not run (1 package did not load)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	errb.Reset()
	code = run(mod, []string{"test", "-executions", "200", "./broken", "./good"}, &out, &errb)
	if code != 2 || !strings.Contains(out.String(), "mcheck: 0 with a bug, 1 clean, 1 mcheck could not run") {
		t.Errorf("without the bug: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(mod, []string{"test", "-executions", "200", "./good"}, &out, &errb); code != 0 {
		t.Errorf("clean: exit %d\n%s", code, out.String())
	}
}

// suiteJSON: mcheck test -json prints one JSON object per test on
// stdout, which parses back, and the summary on stderr.
func suiteJSON(t *testing.T, mod string) {
	var out, errb bytes.Buffer
	code := run(mod, []string{"test", "-json", "-executions", "200", "-seed", "1", "./..."}, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	got := map[string]check.Report{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r check.Report
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, sc.Text())
		}
		got[r.Package+" "+r.Test] = r
	}
	if len(got) != 4 {
		t.Errorf("%d objects, want 4: %v", len(got), got)
	}
	race := got["fixture/racy TestCounter"]
	if race.Outcome != "bug" || race.Kind != "data race" || !strings.HasPrefix(race.Token, "TestCounter.") || len(race.Locations) != 2 ||
		!strings.Contains(race.Locations[0], "racy_test.go:") || !strings.Contains(race.Replay, "mcheck test -run '^TestCounter$' -replay="+race.Token) ||
		race.Figures.Executions == 0 {
		t.Errorf("TestCounter: %+v", race)
	}
	if r := got["fixture/good TestAdd"]; r.Outcome != "clean" || r.Figures.Executions != 200 {
		t.Errorf("TestAdd: %+v", r)
	}
	if r := got["fixture/broken "]; r.Outcome != "error" || !strings.Contains(r.Error, `cannot use "s"`) {
		t.Errorf("broken: %+v", r)
	}
	if !strings.Contains(errb.String(), "mcheck: 1 with a bug, 2 clean, 1 mcheck could not run") {
		t.Errorf("stderr: %s", errb.String())
	}
}

// suiteReplay: a replay token applies to its own test only: without
// -run it replays that test and the others run as usual; with -run
// naming another test it is refused, saying whose it is.
func suiteReplay(t *testing.T, mod string) {
	var out, errb bytes.Buffer
	run(mod, []string{"test", "-executions", "200", "./racy"}, &out, &errb)
	m := regexp.MustCompile(`-replay=(TestCounter\.\S+)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no token:\n%s", out.String())
	}
	out.Reset()
	code := run(mod, []string{"test", "-executions", "200", "-replay", m[1], "./racy", "./good"}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "mcheck: data race") || !strings.Contains(out.String(), "mcheck: 1 with a bug, 2 clean, 0 mcheck could not run") {
		t.Errorf("replay in a suite: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	code = run(mod, []string{"test", "-run", "TestAdd", "-replay", m[1], "./good"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "is for the test TestCounter, not TestAdd") || strings.Contains(errb.String(), "nondeterminism") {
		t.Errorf("another test's token: exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// suiteSharding: under Bazel's sharding environment mcheck test touches
// the status file and each check explores its shard; the token of a
// failure found on shard 3 of 4 replays on shard 0 of 4 (-shard) and
// with no shard at all.
func suiteSharding(t *testing.T, mod string) {
	status := filepath.Join(t.TempDir(), "shard_status")
	env := map[string]string{"TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3", "TEST_SHARD_STATUS_FILE": status}
	var out, errb bytes.Buffer
	code := runEnv(mod, []string{"test", "-executions", "200", "./racy"}, &out, &errb, func(k string) string { return env[k] })
	if code != 1 || !strings.Contains(out.String(), "found by portfolio, shard 3/4 after") || !strings.Contains(out.String(), "(portfolio, shard 3/4) in") {
		t.Fatalf("shard 3/4: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if _, err := os.Stat(status); err != nil {
		t.Errorf("the status file was not touched: %v", err)
	}
	m := regexp.MustCompile(`-replay=(TestCounter\.\S+)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no token:\n%s", out.String())
	}
	for _, shard := range []string{"-shard=0/4", "-shard="} {
		out.Reset()
		code = run(mod, []string{"test", "-run", "TestCounter", shard, "-replay", m[1], "./racy"}, &out, &errb)
		if code != 1 || !strings.Contains(out.String(), "mcheck: data race") {
			t.Errorf("the token of shard 3/4 with %s: exit %d\n%s%s", shard, code, out.String(), errb.String())
		}
	}
	env["TEST_SHARD_INDEX"] = "4"
	code = runEnv(mod, []string{"test", "./good"}, &out, &errb, func(k string) string { return env[k] })
	if code != 2 || !strings.Contains(errb.String(), "TEST_SHARD_INDEX=\"4\" and TEST_TOTAL_SHARDS=\"4\" do not make a shard") {
		t.Errorf("a bad shard: exit %d\n%s", code, errb.String())
	}
}

// TestRunStatus: mcheck run exits 0 when the program does, 1 when it
// exits otherwise, 2 when mcheck cannot run it.
func TestRunStatus(t *testing.T) {
	t.Parallel()
	mod := checktest.TempModule(t, map[string]string{
		"ok/main.go":   "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n",
		"fail/main.go": "package main\n\nimport \"os\"\n\nfunc main() { os.Exit(3) }\n",
	})
	for _, tc := range []struct {
		pkg  string
		code int
		want string
	}{{"./ok", 0, "hello"}, {"./fail", 1, "exit status 3"}, {"./nosuch", 2, "mcheck: "}} {
		var out, errb bytes.Buffer
		if code := run(mod, []string{"run", tc.pkg}, &out, &errb); code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("%s: exit %d, want %d\n%s%s", tc.pkg, code, tc.code, out.String(), errb.String())
		}
	}
}
