package sched

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var raceExecutions = flag.Int("race.executions", 1000, "executions per program in TestNoFalseRaces")

// TestNoFalseRaces explores every correctly synchronised program of
// testdata/racefree (mutexes, RWMutex, channels of every kind, WaitGroup,
// Once, Cond, atomics with publication, sync.Map, context) for 1,000
// executions each, and requires no failure at all: no data race (no false
// positives) and no deadlock, leak or panic (the models are right).
func TestNoFalseRaces(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/racefree/*")
	if len(dirs) < 30 {
		t.Fatalf("only %d race-free programs", len(dirs))
	}
	n := *raceExecutions
	if testing.Short() {
		n = 100
	}
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		name := filepath.Base(d)
		t.Run(name, func(t *testing.T) {
			tg := target(t, "racefree/"+name)
			rep, err := Explore(tg, Options{Seed: 1, Executions: n, Leaks: true})
			if err != nil {
				t.Fatal(err)
			}
			if f := rep.Failure; f != nil {
				t.Fatalf("%s after %d executions:\n%s", f.Kind, rep.Executions, f.Format(""))
			}
		})
	}
}

// BenchmarkRaceCost compares executions per second with and without race
// detection (shared-memory scheduling points on in both):
//
//	go test ./sched -run '^$' -bench RaceCost
func BenchmarkRaceCost(b *testing.B) {
	for _, prog := range []string{"dining5", "slicework"} {
		for _, races := range []bool{false, true} {
			name := prog + "/norace"
			if races {
				name = prog + "/race"
			}
			b.Run(name, func(b *testing.B) {
				prog, err := loadTarget(prog)
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				rep, err := Explore(prog, Options{Strategy: "random", Workers: 1, Executions: b.N, NoRaces: !races})
				if err != nil || rep.Failure != nil {
					b.Fatalf("%v %v", err, rep.Failure)
				}
				b.ReportMetric(float64(rep.Executions)/b.Elapsed().Seconds(), "executions/s")
			})
		}
	}
}
