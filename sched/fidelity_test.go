package sched

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"github.com/stretchr/testify/require"
)

// The fidelity corpus: small self-checking programs under
// testdata/fidelity, each a buggy scenario NAME and its fixed twin
// NAME_fixed, written for one cause of issue 11 (a schedule real Go
// allows, a hole in race detection, a limit of mcheck that must not be
// reported as a bug). Each program's package comment holds a line
//
//	want: KIND [message substring]
//
// where KIND is a sched.Kind ("data race", "partial deadlock", ...) or
// "clean". A buggy program must be found with the default options
// (seeded, so the result is reproducible) and its failure must replay;
// a fixed twin must come back clean.

// fidelityCase is one program of the corpus.
type fidelityCase struct {
	name string // directory under testdata/fidelity
	kind Kind   // "" for clean
	msg  string // substring of the failure's message, if any
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
		want := readWant(t, filepath.Join("testdata/fidelity", d.Name(), "main.go"))
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

// readWant returns what the "want:" line of file says.
func readWant(t *testing.T, file string) string {
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "// want: "); ok {
			return w
		}
	}
	t.Fatalf("%s: no // want: line", file)
	return ""
}

// TestFidelityCorpus runs every program of the corpus with the default
// options: bugs are found and replay, fixed twins are clean.
func TestFidelityCorpus(t *testing.T) {
	cases := fidelityCases(t)
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./fidelity/...")
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pkg := "schedtest/fidelity/" + c.name
			tg := Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
			opts := Options{Seed: 1}
			if c.kind == "" {
				// A clean run spends its whole budget; a smaller one
				// keeps the suite fast (the closing notes report full
				// default runs).
				opts.Executions = 1000
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
			assertReplays(t, tg, rep.Failure)
		})
	}
}
