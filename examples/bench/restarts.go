package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// restartsMain reprints Table 6 of Parizek and Kalibera 2010 (with Tables 3–5's strategy and unit rows) for mcheck's components:
// the time to the bug with a universal environment, with one random
// environment alone, and with a random environment and each restart
// strategy and unit; mean ± half-width of the 90% confidence interval
// over the runs, the executions, and the peak heap.
//
//	go run ./examples/bench restarts [-runs 20] [-cap 10s] [-only hashmap]
func restartsMain(args []string) {
	fs := flag.NewFlagSet("restarts", flag.ExitOnError)
	runs := fs.Int("runs", 20, "runs per configuration (each with its own seed)")
	limit := fs.Duration("cap", 10*time.Second, "time after which a run counts as not finding the bug")
	only := fs.String("only", "", "only components whose name contains this")
	units := fs.String("units", "10,100,1000", "restart units, in executions")
	fs.Parse(args)
	type config struct {
		name, env, strategy string
		unit                int
		workers             int
	}
	configs := []config{
		{"universal env", envgen.Universal, "none", 0, 1},
		{"random env", envgen.Random, "none", 0, 1},
	}
	for _, s := range restarts.Names() {
		for _, u := range strings.Split(*units, ",") {
			var n int
			fmt.Sscan(u, &n)
			configs = append(configs, config{fmt.Sprintf("%s, unit %d", s, n), envgen.Random, s, n, 1})
		}
	}
	configs = append(configs, config{fmt.Sprintf("luby, unit 100, %d workers", runtime.GOMAXPROCS(0)), envgen.Random, "luby", 100, 0})
	fmt.Printf("%d runs per row; a run that has not found the bug after %v counts as %v (and is counted in 'found').\n", *runs, *limit, *limit)
	fmt.Printf("Peak heap is above the heap in use before the run, which holds the loaded program.\n\n")
	fmt.Println("| component | environment | found | time to bug (s) | executions | environments | peak heap (MB) |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|")
	for _, name := range componentNames {
		if !strings.Contains(name, *only) {
			continue
		}
		dir, pkg := filepath.Join("examples", "components", name), "github.com/mcheck-dev/mcheck/examples/components/"+name
		// Load the program before the clocks start.
		if _, err := component.CheckTest(dir, check.ID{Pkg: pkg, Test: "checkBuggy"}, check.Config{Options: sched.Options{Executions: 1}}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, cf := range configs {
			var times, execs, envs, mem []float64
			found := 0
			for r := 1; r <= *runs; r++ {
				c := check.Config{}
				c.Seed = uint64(r)
				c.Time = *limit
				c.Workers = cf.workers
				c.Component.Env = cf.env
				c.Component.Restart = cf.strategy
				c.Component.Unit.Executions = cf.unit
				rep, el, peak := measure(dir, check.ID{Pkg: pkg, Test: "checkBuggy"}, c)
				if rep.Failure != nil {
					found++
				} else {
					el = *limit
				}
				times = append(times, el.Seconds())
				execs = append(execs, float64(rep.Executions))
				envs = append(envs, float64(rep.Attempts))
				mem = append(mem, peak)
			}
			fmt.Printf("| %s | %s | %d/%d | %s | %s | %s | %s |\n", name, cf.name, found, *runs,
				meanCI(times, "%.3f"), meanCI(execs, "%.0f"), meanCI(envs, "%.1f"), meanCI(mem, "%.1f"))
		}
	}
}

// componentNames are the packages under examples/components whose
// scenario checkBuggy calls mcheck.Component on the buggy component.
var componentNames = []string{"accountdatabase", "hashmap", "objectpool", "transientipdb", "ipaddressmanager", "orderprocessor", "pessimistic"}

// meanCI formats the mean ± the half-width of the 90% confidence
// interval (Student's t), as the paper's tables do.
func meanCI(xs []float64, format string) string {
	n := float64(len(xs))
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) < 2 {
		return fmt.Sprintf(format, mean)
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := t90(len(xs)-1) * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	return fmt.Sprintf(format+" ± "+format, mean, half)
}

// t90 is the two-sided 90% quantile of Student's t with df degrees of
// freedom, from a table (the nearest smaller df listed: conservative).
func t90(df int) float64 {
	if df > 120 {
		return 1.645
	}
	table := map[int]float64{1: 6.314, 2: 2.920, 3: 2.353, 4: 2.132, 5: 2.015, 6: 1.943, 7: 1.895, 8: 1.860, 9: 1.833,
		10: 1.812, 12: 1.782, 15: 1.753, 19: 1.729, 20: 1.725, 25: 1.708, 30: 1.697, 40: 1.684, 60: 1.671, 120: 1.658}
	for d := df; d > 1; d-- {
		if v, ok := table[d]; ok {
			return v
		}
	}
	return table[1]
}

// measure checks the component of test id in dir under c, and returns
// the report, the time it took and the peak heap above the heap in use
// before, in MB. An error ends the benchmark.
func measure(dir string, id check.ID, c check.Config) (*check.ComponentReport, time.Duration, float64) {
	stop := sampleHeap()
	start := time.Now()
	rep, err := component.CheckTest(dir, id, c)
	el := time.Since(start)
	peak := stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	return rep, el, float64(peak) / (1 << 20)
}

// sampleHeap samples the heap in use every 5ms until the returned
// function is called, which returns the peak above the heap in use at
// the start.
func sampleHeap() func() uint64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-stopped
		return peak.Load() - min(peak.Load(), base.HeapInuse)
	}
}
