package heuristics_test

import (
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/sched"
)

// BenchmarkEDADiningPhil32 measures executions per second of the EDA on
// DiningPhil(32) against the random walk's, both on one worker:
// go test -bench EDA ./heuristics
func BenchmarkEDADiningPhil32(b *testing.B) {
	target := loadDiningPhil(b, "dinePhil32")
	for _, name := range []string{"random", "eda"} {
		b.Run(name, func(b *testing.B) {
			o := sched.Options{Strategy: name, Workers: 1, Executions: b.N, Seed: 1}
			if name == "eda" {
				o.Custom = func() sched.Strategy { return heuristics.NewEDA(heuristics.EDAOptions{}) }
			}
			rep, err := sched.Explore(target, o)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(rep.Executions)/b.Elapsed().Seconds(), "executions/s")
			b.ReportMetric(float64(rep.Steps)/float64(rep.Executions), "choices/execution")
		})
	}
}
