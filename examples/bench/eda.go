package main

// go run ./examples/bench eda: Table I and Figure 4 of Staunton and
// Clark 2010 (Sect. V) for mcheck's DiningPhil
// (examples/diningphil), and the warm start of Sect. V's observation.

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// edaRun is the outcome of one exploration of the EDA benchmark.
type edaRun struct {
	found       bool
	elapsed     time.Duration
	executions  int
	steps       int64
	generations int
	peakMB      float64
}

func edaMain(args []string) {
	fs := flag.NewFlagSet("eda", flag.ExitOnError)
	runs := fs.Int("runs", 50, "runs of each randomised algorithm per Table I size (dfs runs once)")
	baseRuns := fs.Int("baseruns", 0, "runs of random and pct per size (0: -runs)")
	figRuns := fs.Int("figruns", 50, "EDA runs per size of Figure 4")
	capT := fs.Duration("cap", 60*time.Second, "time budget of each run")
	capE := fs.Int("capexec", 0, "execution budget of each run besides -cap (0: none), a budget that does not depend on the machine's load")
	table := fs.String("table", "4,8,12,16", "philosophers of Table I's rows (none: skip)")
	fig := fs.String("fig", "4,8,12,16,20,24,28,32,36,40", "philosophers of Figure 4 (none: skip)")
	warm := fs.String("warm", "8,16:32", "small,...:large: the warm start, the model of each small instance on the large one (none: skip)")
	warmRuns := fs.Int("warmruns", 10, "runs of the warm start, cold and warm each")
	out := fs.String("out", "examples/bench", "directory of eda_table.md (or -md) and eda_fig4.tsv, the data of Figure 4 (examples/bench/plot draws it)")
	md := fs.String("md", "eda_table.md", "name of the markdown file in -out")
	figLog := fs.String("figlog", "", "comma-separated progress logs (standard error) of earlier runs: take Figure 4's data from their EDA runs instead of running")
	figFrom := fs.Int("figfrom", 1, "first seed of Figure 4's runs (to add runs to logged ones)")
	fs.Parse(args)
	execCap = *capE
	if *baseRuns == 0 {
		*baseRuns = *runs
	}
	var doc bytes.Buffer
	fmt.Fprintf(&doc, "# EDA benchmark (Staunton and Clark, \"Searching for Safety Violations Using Estimation of Distribution Algorithms\", ICST Workshops (SBST) 2010: Table I and Figure 4)\n\n")
	fmt.Fprintf(&doc, "`go run ./examples/bench eda %s` on %s, GOMAXPROCS %d, every run on one worker, at most %s per run; %s.\n\n",
		strings.Join(args, " "), time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.GOMAXPROCS(0), perRun(*capT), loadNote())
	if sizes := parseSizes(*table); len(sizes) > 0 {
		edaTable(&doc, sizes, *runs, *baseRuns, *capT)
	}
	switch sizes := parseSizes(*fig); {
	case *figLog != "":
		edaFigure(&doc, sizes, 1, *figRuns, *capT, *out, readFigLogs(strings.Split(*figLog, ",")))
	case len(sizes) > 0:
		edaFigure(&doc, sizes, *figFrom, *figRuns, *capT, *out, nil)
	}
	if small, large, ok := strings.Cut(*warm, ":"); ok {
		l, _ := strconv.Atoi(large)
		edaWarm(&doc, parseSizes(small), l, *warmRuns, *capT)
	}
	os.Stdout.Write(doc.Bytes())
	if err := os.WriteFile(filepath.Join(*out, *md), doc.Bytes(), 0o644); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(2)
}

// loadNote says how loaded the machine was when the benchmark started.
func loadNote() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load unknown"
	}
	return "load average " + strings.Join(strings.Fields(string(b))[:3], " ") + " at the start (a shared machine: times are longer than on an idle one)"
}

func parseSizes(s string) []int {
	var ns []int
	for f := range strings.SplitSeq(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 1 {
			ns = append(ns, n)
		}
	}
	return ns
}

// diningPhil loads the scenario of n philosophers.
func diningPhil(n int) sched.Target {
	name := "dinePhil" + strconv.Itoa(n)
	target, err := checktest.LoadTest(filepath.Join("examples", "diningphil"), "github.com/mcheck-dev/mcheck/examples/diningphil", name)
	if err != nil {
		fatal(fmt.Errorf("%s (add it to examples/diningphil/diningphil_test.go): %w", name, err))
	}
	return target
}

// edaAlgorithms are Table I's columns: the paper's DFS, RS and EDA (its
// BFS has no mcheck counterpart) and mcheck's PCT. Each runs on one
// worker, as the EDA must.
var edaAlgorithms = []string{"dfs", "random", "pct", "eda"}

// execCap is -capexec.
var execCap int

// perRun spells the budget of a run.
func perRun(capT time.Duration) string {
	if execCap > 0 {
		return fmt.Sprintf("%v and %d executions", capT, execCap)
	}
	return capT.String()
}

// runOnce explores target with algorithm for at most capT (and execCap
// executions).
func runOnce(target sched.Target, algorithm string, seed uint64, capT time.Duration, model *heuristics.Model) edaRun {
	o := sched.Options{Strategy: algorithm, Seed: seed, Time: capT, Executions: execCap, Workers: 1}
	if algorithm == "dfs" {
		o.PreemptionBound = sched.Unbounded // the paper's DFS: every schedule
	}
	var e *heuristics.EDA
	if algorithm == "eda" {
		o.Custom = func() sched.Strategy {
			e = heuristics.NewEDA(heuristics.EDAOptions{Model: model})
			return e
		}
	}
	peak := sampleHeap()
	rep, err := sched.Explore(target, o)
	grown := peak()
	if err != nil {
		fatal(err)
	}
	r := edaRun{found: rep.Failure != nil && rep.Failure.Kind == sched.GlobalDeadlock, elapsed: rep.Elapsed,
		executions: rep.Executions, steps: rep.Steps, peakMB: float64(grown) / (1 << 20)}
	if e != nil {
		r.generations = e.Generations()
	}
	return r
}

// edaTable writes Table I: for each size and algorithm, the statistics
// of the runs that found the deadlock.
func edaTable(doc *bytes.Buffer, sizes []int, runs, baseRuns int, capT time.Duration) {
	fmt.Fprintf(doc, "## Table I: DiningPhil, each algorithm\n\n")
	fmt.Fprintf(doc, "Runs: EDA %d, random and PCT %d, DFS 1 (deterministic) per size. Times, executions (the paper's paths evaluated), scheduling steps (its states visited), generations and peak heap growth (heap in use sampled every 5 ms, over the heap before the run, which holds the loaded program) are means over the runs that found the deadlock, and min/max times over them; `-` where none did.\n\n", runs, baseRuns)
	fmt.Fprintf(doc, "| philosophers | | %s |\n|---|---|%s\n", strings.Join(edaAlgorithms, " | "), strings.Repeat("---:|", len(edaAlgorithms)))
	type row struct {
		name string
		cell func(rs []edaRun, n int) string
	}
	rows := []row{
		{"errors / runs", func(rs []edaRun, n int) string { return fmt.Sprintf("%d/%d", len(rs), n) }},
		{"mean time (s)", func(rs []edaRun, _ int) string {
			return meanF(rs, func(r edaRun) float64 { return r.elapsed.Seconds() }, 3)
		}},
		{"min time (s)", func(rs []edaRun, _ int) string { return extreme(rs, math.Min) }},
		{"max time (s)", func(rs []edaRun, _ int) string { return extreme(rs, math.Max) }},
		{"mean peak heap growth (MB)", func(rs []edaRun, _ int) string { return meanF(rs, func(r edaRun) float64 { return r.peakMB }, 0) }},
		{"mean scheduling steps", func(rs []edaRun, _ int) string {
			return meanF(rs, func(r edaRun) float64 { return float64(r.steps) }, 0)
		}},
		{"mean executions", func(rs []edaRun, _ int) string {
			return meanF(rs, func(r edaRun) float64 { return float64(r.executions) }, 1)
		}},
		{"mean generations", func(rs []edaRun, _ int) string {
			return meanF(rs, func(r edaRun) float64 { return float64(r.generations) }, 2)
		}},
	}
	for _, n := range sizes {
		target := diningPhil(n)
		found := map[string][]edaRun{}
		total := map[string]int{}
		for _, alg := range edaAlgorithms {
			k := runs
			switch alg {
			case "dfs":
				k = 1
			case "random", "pct":
				k = baseRuns
			}
			total[alg] = k
			for seed := 1; seed <= k; seed++ {
				r := runOnce(target, alg, uint64(seed), capT, nil)
				fmt.Fprintf(os.Stderr, "DiningPhil(%d) %s seed %d: found %v, %d executions, %v\n", n, alg, seed, r.found, r.executions, r.elapsed.Round(time.Millisecond))
				if r.found {
					found[alg] = append(found[alg], r)
				}
			}
		}
		for i, rw := range rows {
			label := ""
			if i == 0 {
				label = strconv.Itoa(n)
			}
			cells := []string{label, rw.name}
			for _, alg := range edaAlgorithms {
				c := rw.cell(found[alg], total[alg])
				if alg != "eda" && rw.name == "mean generations" {
					c = "-"
				}
				cells = append(cells, c)
			}
			fmt.Fprintf(doc, "| %s |\n", strings.Join(cells, " | "))
		}
	}
	doc.WriteString("\n")
}

func meanF(rs []edaRun, f func(edaRun) float64, prec int) string {
	if len(rs) == 0 {
		return "-"
	}
	s := 0.0
	for _, r := range rs {
		s += f(r)
	}
	return strconv.FormatFloat(s/float64(len(rs)), 'f', prec, 64)
}

func extreme(rs []edaRun, pick func(a, b float64) float64) string {
	if len(rs) == 0 {
		return "-"
	}
	x := rs[0].elapsed.Seconds()
	for _, r := range rs[1:] {
		x = pick(x, r.elapsed.Seconds())
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// edaFigure runs the EDA runs times per size (seeds from, from+1, ...)
// and writes Figure 4's data: the table of the executions (paths
// evaluated) to the deadlock against the philosophers, and, in
// eda_fig4.tsv, the executions of every run that found it, from which
// the module examples/bench/plot draws the figure's boxplots
// (eda_fig4.svg and .png).
// With logged runs (readFigLogs) it takes them instead of running: the
// sizes are the logged ones, and runs is the most runs of a size.
func edaFigure(doc *bytes.Buffer, sizes []int, from, runs int, capT time.Duration, out string, logged map[int][]edaRun) {
	if logged != nil {
		sizes, runs = slices.Sorted(maps.Keys(logged)), 0
		for _, rs := range logged {
			runs = max(runs, len(rs))
		}
	}
	fmt.Fprintf(doc, "## Figure 4: executions to the deadlock against philosophers\n\n")
	if logged != nil {
		fmt.Fprintf(doc, "EDA, the runs of the progress logs given. ![Figure 4](eda_fig4.svg)\n\n")
	} else {
		fmt.Fprintf(doc, "EDA, %d runs per size, at most %s per run. ![Figure 4](eda_fig4.svg)\n\n", runs, perRun(capT))
	}
	fmt.Fprintf(doc, "| philosophers | found | min | lower quartile | median | upper quartile | max | mean time (s) | max time (s) |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var data bytes.Buffer
	data.WriteString(fig4Header)
	for _, n := range sizes {
		rs := logged[n]
		if logged == nil {
			target := diningPhil(n)
			for seed := from; seed < from+runs; seed++ {
				r := runOnce(target, "eda", uint64(seed), capT, nil)
				fmt.Fprintf(os.Stderr, "figure: DiningPhil(%d) eda seed %d: found %v, %d executions, %v\n", n, seed, r.found, r.executions, r.elapsed)
				rs = append(rs, r)
			}
		}
		var execs, times []float64
		for _, r := range rs {
			if r.found {
				execs = append(execs, float64(r.executions))
				times = append(times, r.elapsed.Seconds())
			}
		}
		fmt.Fprintf(&data, "%d", n)
		for _, x := range execs {
			fmt.Fprintf(&data, "\t%.0f", x)
		}
		data.WriteString("\n")
		if len(execs) == 0 {
			fmt.Fprintf(doc, "| %d | 0/%d | - | - | - | - | - | - | - |\n", n, len(rs))
			continue
		}
		lo, q1, med, q3, hi := quartiles(execs)
		fmt.Fprintf(doc, "| %d | %d/%d | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f |\n", n, len(execs), len(rs),
			lo, q1, med, q3, hi, mean(times), slices.Max(times))
	}
	doc.WriteString("\n")
	if err := os.WriteFile(filepath.Join(out, "eda_fig4.tsv"), data.Bytes(), 0o644); err != nil {
		fatal(err)
	}
}

// fig4Header opens eda_fig4.tsv, the data of Figure 4 that the module
// examples/bench/plot reads.
const fig4Header = "# Figure 4 of the EDA benchmark (eda_table.md): a line per number of philosophers, then, tab-separated, the executions to the deadlock of each run that found it.\n" +
	"# Drawn by the module examples/bench/plot (go -C examples/bench/plot run .) as eda_fig4.svg and eda_fig4.png.\n"

// quartiles returns the minimum, lower quartile, median, upper quartile
// and maximum of xs (not empty), the quartiles being the medians of the
// lower and the upper half (for an odd count, the upper half holds the
// median): the box of gonum's plotter.BoxPlot, which draws Figure 4 in
// examples/bench/plot, so that the table and the picture agree.
func quartiles(xs []float64) (lo, q1, med, q3, hi float64) {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n == 1 {
		return s[0], s[0], s[0], s[0], s[0]
	}
	return s[0], medianSorted(s[:n/2]), medianSorted(s), medianSorted(s[n/2:]), s[n-1]
}

// medianSorted returns the median of s, sorted and not empty.
func medianSorted(s []float64) float64 {
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// edaWarm learns a model on each small instance (the model the search
// that found its deadlock would save) and compares, on the large one,
// the executions to the deadlock from a cold start and from each model,
// seed by seed.
func edaWarm(doc *bytes.Buffer, smalls []int, large, runs int, capT time.Duration) {
	target := diningPhil(large)
	fmt.Fprintf(doc, "## Warm start: DiningPhil(%d) from the models of smaller instances\n\n", large)
	type start struct {
		name, tag string // the table's and the log's
		model     []byte // nil: cold
	}
	starts := []start{{name: "cold", tag: "cold"}}
	for _, small := range smalls {
		var e *heuristics.EDA
		rep, err := sched.Explore(diningPhil(small), sched.Options{Seed: 1, Time: capT, Workers: 1,
			Custom: func() sched.Strategy { e = heuristics.NewEDA(heuristics.EDAOptions{}); return e }})
		if err != nil {
			fatal(err)
		}
		if rep.Failure == nil {
			fatal(fmt.Errorf("warm start: no deadlock in DiningPhil(%d) to learn from", small))
		}
		var saved bytes.Buffer
		if err := e.Learned(rep.Failure.Execution).Save(&saved, "blocked"); err != nil {
			fatal(err)
		}
		starts = append(starts, start{fmt.Sprintf("warm from DiningPhil(%d)", small), fmt.Sprintf("warm-from-%d", small), saved.Bytes()})
		fmt.Fprintf(doc, "The model of DiningPhil(%d) is the one mcheck saves (testdata/mcheck/<Test>/model) after the EDA found its deadlock (seed 1, %d executions, %d generations). ", small, rep.Executions, e.Generations())
	}
	fmt.Fprintf(doc, "%d runs each (seeds 1-%d, the same for every start), at most %s per run. A run that misses counts as its budget in the comparison with the cold run of its seed; the p-value is the two-sided Wilcoxon signed-rank test's (normal approximation) on those pairs, as the paper compares its searches.\n\n", runs, runs, perRun(capT))
	fmt.Fprintf(doc, "| start | found | mean executions | median executions | min | max | fewer than cold, same seed | Wilcoxon p | mean time (s) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var cold []float64
	for _, st := range starts {
		var all, found, times []float64
		for seed := 1; seed <= runs; seed++ {
			var m *heuristics.Model
			if st.model != nil {
				var err error
				if m, err = heuristics.LoadModel(bytes.NewReader(st.model)); err != nil {
					fatal(err)
				}
			}
			r := runOnce(target, "eda", uint64(seed), capT, m)
			fmt.Fprintf(os.Stderr, "warm: DiningPhil(%d) %s seed %d: found %v, %d executions, %v\n", large, st.tag, seed, r.found, r.executions, r.elapsed.Round(time.Millisecond))
			all = append(all, float64(r.executions))
			if r.found {
				found = append(found, float64(r.executions))
				times = append(times, r.elapsed.Seconds())
			}
		}
		if cold == nil {
			cold = all
		}
		if len(found) == 0 {
			fmt.Fprintf(doc, "| %s | 0/%d | - | - | - | - | - | - | - |\n", st.name, runs)
			continue
		}
		fewer, p := "-", "-"
		if st.model != nil {
			n := 0
			for i := range all {
				if all[i] < cold[i] {
					n++
				}
			}
			fewer, p = fmt.Sprintf("%d/%d", n, runs), fmt.Sprintf("%.4f", wilcoxon(all, cold))
		}
		fmt.Fprintf(doc, "| %s | %d/%d | %.0f | %.0f | %.0f | %.0f | %s | %s | %.2f |\n", st.name, len(found), runs, mean(found),
			medianF(found), slices.Min(found), slices.Max(found), fewer, p, mean(times))
	}
	doc.WriteString("\n")
}

func medianF(xs []float64) float64 { return medianSorted(slices.Sorted(slices.Values(xs))) }

// wilcoxon returns the two-sided p-value of the Wilcoxon signed-rank
// test of the pairs (x[i], y[i]): zero differences dropped, ties given
// their mean rank, the normal approximation (fine from about 10 pairs).
func wilcoxon(x, y []float64) float64 {
	var d []float64
	for i := range x {
		if x[i] != y[i] {
			d = append(d, x[i]-y[i])
		}
	}
	n := len(d)
	if n == 0 {
		return 1
	}
	slices.SortFunc(d, func(a, b float64) int { return cmp.Compare(math.Abs(a), math.Abs(b)) })
	w := 0.0 // the sum of the ranks of the positive differences
	for i := 0; i < n; {
		j := i
		for j+1 < n && math.Abs(d[j+1]) == math.Abs(d[i]) {
			j++
		}
		rank := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			if d[k] > 0 {
				w += rank
			}
		}
		i = j + 1
	}
	fn := float64(n)
	z := (w - fn*(fn+1)/4) / math.Sqrt(fn*(fn+1)*(2*fn+1)/24)
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// readFigLogs reads the EDA runs of progress logs, by number of
// philosophers: Figure 4's lines ("figure: DiningPhil(16) eda seed 3:
// found true, 2693 executions, 8.499s"), Table I's EDA lines (the same
// without "figure: ") and the warm start's cold lines ("warm:
// DiningPhil(32) cold seed 3: ..."), all the same search from a blank
// model; a size and seed logged twice counts once, as found if one of
// them found it (the search is deterministic: only the time and the
// budget differ).
func readFigLogs(files []string) map[int][]edaRun {
	runs := map[int][]edaRun{}
	seen := map[[2]int]int{} // index in runs[n]
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			var n, seed, execs int
			var alg, found, took string
			line = strings.TrimPrefix(strings.TrimPrefix(line, "figure: "), "warm: ")
			if _, err := fmt.Sscanf(line, "DiningPhil(%d) %s seed %d: found %s %d executions, %s", &n, &alg, &seed, &found, &execs, &took); err != nil || alg != "eda" && alg != "cold" {
				continue
			}
			d, err := time.ParseDuration(strings.TrimSpace(took))
			if err != nil {
				continue
			}
			r := edaRun{found: found == "true,", executions: execs, elapsed: d}
			k := [2]int{n, seed}
			if i, ok := seen[k]; ok {
				if r.found && !runs[n][i].found {
					runs[n][i] = r // a run with a larger budget found it
				}
				continue
			}
			seen[k] = len(runs[n])
			runs[n] = append(runs[n], r)
		}
	}
	return runs
}
