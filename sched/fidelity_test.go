package sched

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"github.com/stretchr/testify/require"
)

// The fidelity corpus: small self-checking programs under
// testdata/fidelity, each a buggy scenario NAME and its fixed twin
// NAME_fixed, written for one cause of a wrong verdict (a schedule real Go
// allows, a hole in race detection, a limit of mcheck that must not be
// reported as a bug). Each program's package comment holds a line
//
//	want: KIND [message substring]
//
// where KIND is a sched.Kind ("data race", "partial deadlock", ...) or
// "clean". A buggy program must be found with the default options
// (seeded, so the result is reproducible; goroutines left blocked are
// reported, as in test mode) and its failure must replay; a fixed twin
// must come back clean in 1000 executions, or in the number a line
// "executions: N" gives (programs whose every execution runs hundreds of
// thousands of steps).

// fidelityCase is one program of the corpus.
type fidelityCase struct {
	name string // directory under testdata/fidelity
	kind Kind   // "" for clean
	msg  string // substring of the failure's message, if any
	runs int    // executions of a clean run
}

func fidelityCases(t *testing.T) []fidelityCase {
	t.Helper()
	dirs, err := os.ReadDir("testdata/fidelity")
	require.NoError(t, err)
	var cases []fidelityCase
	names := map[string]bool{}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		c := fidelityCase{name: d.Name()}
		want, runs := readWant(t, filepath.Join("testdata/fidelity", d.Name(), "main.go"))
		c.runs = runs
		kind, msg, _ := strings.Cut(want, " [")
		if kind != "clean" {
			c.kind = Kind(kind)
		}
		c.msg = strings.TrimSuffix(msg, "]")
		cases = append(cases, c)
		names[c.name] = true
	}
	for _, c := range cases {
		if base, fixed := strings.CutSuffix(c.name, "_fixed"); fixed {
			require.True(t, names[base], "%s has no buggy twin %s", c.name, base)
			require.Empty(t, c.kind, "%s: a fixed twin must want clean", c.name)
		} else {
			require.True(t, names[c.name+"_fixed"], "%s has no fixed twin %s_fixed", c.name, c.name)
			require.NotEmpty(t, c.kind, "%s: a buggy program must want a kind of bug", c.name)
		}
	}
	return cases
}

// readWant returns what the "want:" and "executions:" lines of file say.
func readWant(t *testing.T, file string) (want string, runs int) {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	runs = 1000
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if w, ok := strings.CutPrefix(line, "// want: "); ok {
			want = w
		}
		if n, ok := strings.CutPrefix(line, "// executions: "); ok {
			runs, err = strconv.Atoi(n)
			require.NoError(t, err, file)
		}
	}
	require.NotEmpty(t, want, "%s: no // want: line", file)
	return want, runs
}

// TestFidelityCorpus runs every program of the corpus with the default
// options: bugs are found and replay, fixed twins are clean.
func TestFidelityCorpus(t *testing.T) {
	cases := fidelityCases(t)
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./...")
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pkg := "schedtest/fidelity/" + c.name
			tg := Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
			opts := Options{Seed: 1, Leaks: true}
			if c.kind == "" {
				// A clean run spends its whole budget; a smaller one
				// keeps the suite fast (the closing notes report full
				// default runs).
				opts.Executions = c.runs
				// Under -short, at most 100 of them: the 1000 of
				// time_pollexpiry_fixed alone were most of the package's
				// -short time. go test without -short runs them all.
				if testing.Short() {
					opts.Executions = min(c.runs, 100)
				}
			}
			rep, err := Explore(tg, opts)
			require.NoError(t, err)
			if c.kind == "" {
				if rep.Failure != nil {
					t.Fatalf("fixed twin reported a bug:\n%s", rep.Failure.Format("mcheck explore -replay=TOKEN ./"+c.name))
				}
				return
			}
			require.NotNil(t, rep.Failure, "%s not found in %d executions", c.kind, rep.Executions)
			require.Equal(t, c.kind, rep.Failure.Kind, "%s", rep.Failure.Format("TOKEN"))
			require.Contains(t, rep.Failure.Message, c.msg)
			again, err := Explore(tg, Options{Replay: rep.Failure.Schedule.Token(), Leaks: true})
			require.NoError(t, err)
			require.NotNil(t, again.Failure, "replay did not fail")
			require.Equal(t, rep.Failure.Kind, again.Failure.Kind)
			require.Equal(t, rep.Failure.Message, again.Failure.Message)
			require.Equal(t, rep.Failure.Trace, again.Failure.Trace)
		})
	}
}
