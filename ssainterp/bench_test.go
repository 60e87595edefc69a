package ssainterp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Native-versus-interpreted benchmarks over the CPU-bound programs of
// testdata/bench (one main package per workload). The native code of each
// workload is copied below, so that native timing needs no subprocess.
//
//	go test ./ssainterp -run '^$' -bench . -benchtime 3x
//	go test ./ssainterp -run TestInterpSpeed -interp.speed -v

var interpSpeed = flag.Bool("interp.speed", false, "run TestInterpSpeed: time the testdata/bench workloads natively and interpreted")

// benchWorkload is one program of testdata/bench and its native twin.
type benchWorkload struct {
	name   string     // directory under testdata/bench
	native func() int // the same code as the program's run()
	extra  bool       // reported, but not part of the geometric mean
}

var benchWorkloads = []benchWorkload{
	{"fib", benchFibRun, false},
	{"slicesum", benchSliceSumRun, false},
	{"mapops", benchMapOpsRun, false},
	{"iface", benchIfaceRun, false},
	{"builder", benchBuilderRun, false},
	{"arith", benchArithRun, true},
	{"json", benchJSONRun, true},
	{"fmtplain", benchFmtPlainRun, true},
	{"fmtmethods", benchFmtMethodsRun, true},
	{"httprt", benchHTTPRTRun, true},     // bench_service_test.go
	{"sqlquery", benchSQLQueryRun, true}, // bench_service_test.go
}

// benchSink keeps native results alive.
var benchSink int

// --- native copies of the workloads (keep in step with testdata/bench) ---

// testdata/bench/fib
func benchFib(n int) int {
	if n < 2 {
		return n
	}
	return benchFib(n-1) + benchFib(n-2)
}

func benchFibRun() int { return benchFib(27) }

// testdata/bench/arith
func benchArithRun() int {
	x := 0
	for i := 0; i < 10_000_000; i++ {
		x += i * 3
	}
	return x
}

// dispatchFloor runs arith's loop on the least an interpreter that
// dispatches one instruction at a time must do: four instructions in a
// switch (i*3, x+t, i+1, i<n and jump) over registers of the
// interpreter's value layout, kept in the loop's locals. It is not
// mcheck's interpreter: TestInterpSpeed times it beside native arith
// and the interpreted one, to show what dispatch alone costs on the
// machine (docs/interp-speed.md).
func dispatchFloor() int {
	type inst struct {
		k       uint8
		a, b, d int32
		imm     uint64
	}
	const (
		mulImm = iota + 1
		add
		addImm
		ltJump // if regs[a] < imm, pc = 0
	)
	code := []inst{{k: mulImm, a: 0, d: 2, imm: 3}, {k: add, a: 1, b: 2, d: 1}, {k: addImm, a: 0, d: 0, imm: 1}, {k: ltJump, a: 0, imm: 10_000_000}}
	regs := make([]value, 3) // i, x, i*3
	for pc := 0; ; {
		in := &code[pc]
		switch in.k {
		case mulImm:
			regs[in.d].n = regs[in.a].n * in.imm
			pc++
		case add:
			regs[in.d].n = regs[in.a].n + regs[in.b].n
			pc++
		case addImm:
			regs[in.d].n = regs[in.a].n + in.imm
			pc++
		case ltJump:
			if int64(regs[in.a].n) >= int64(in.imm) {
				return int(regs[1].n)
			}
			pc = 0
		}
	}
}

// testdata/bench/slicesum
func benchSliceSumRun() int {
	s := make([]int, 1_000_000)
	for i := range s {
		s[i] = i * 2
	}
	sum := 0
	for _, v := range s {
		sum += v
	}
	return sum
}

// testdata/bench/mapops
func benchMapOpsRun() int {
	const n = 100_000
	m := make(map[int]int)
	for i := 0; i < n; i++ {
		m[i] = i * 3
	}
	sum := 0
	for i := 0; i < n; i++ {
		sum += m[i]
	}
	return sum
}

// testdata/bench/iface
type benchShape interface{ Area() int }

type benchRect struct{ W, H int }

func (r benchRect) Area() int { return r.W * r.H }

type benchSquare struct{ S int }

func (s *benchSquare) Area() int { return s.S * s.S }

func benchIfaceRun() int {
	shapes := []benchShape{benchRect{W: 3, H: 4}, &benchSquare{S: 5}}
	sum := 0
	for i := 0; i < 1_000_000; i++ {
		sum += shapes[i&1].Area()
	}
	return sum
}

// testdata/bench/builder
func benchBuilderRun() int {
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		if i%2 == 0 {
			b.WriteString("abc")
		} else {
			b.WriteByte('x')
		}
	}
	return len(b.String())
}

// testdata/bench/json
type benchRec struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Score float64  `json:"score"`
}

func benchJSONRun() int {
	n := 0
	for i := 0; i < 200; i++ {
		b, err := json.Marshal(benchRec{ID: i, Name: "rec", Tags: []string{"a", "b"}, Score: 1.5})
		if err != nil {
			panic(err)
		}
		var r benchRec
		if err := json.Unmarshal(b, &r); err != nil {
			panic(err)
		}
		n += len(b) + r.ID
	}
	return n
}

// testdata/bench/fmtplain
func benchFmtPlainRun() int {
	n := 0
	for i := 0; i < 2000; i++ {
		n += len(fmt.Sprintf("%d-%s-%v-%x", i, "key", 1.5, i*7))
	}
	return n
}

// testdata/bench/fmtmethods
type benchPoint struct{ x, y int }

func (p benchPoint) String() string { return "(" + benchItoa(p.x) + "," + benchItoa(p.y) + ")" }

type benchFailure struct{ code int }

func (f *benchFailure) Error() string { return "failure " + benchItoa(f.code) }

func benchItoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func benchFmtMethodsRun() int {
	n := 0
	for i := 0; i < 2000; i++ {
		n += len(fmt.Sprintf("%v %v %d", benchPoint{i, i + 1}, &benchFailure{i}, i))
	}
	return n
}

// --- harness ---

// loadBench loads testdata/bench (once per process: Load caches) and
// returns the program and the package ID of each workload's main package.
func loadBench(tb testing.TB) (*Program, map[string]string) {
	tb.Helper()
	prog, err := Load(LoadConfig{Dir: "testdata/bench"}, "./...")
	if err != nil {
		tb.Fatalf("load testdata/bench: %v", err)
	}
	ids := map[string]string{}
	for _, id := range prog.MainPackages() {
		ids[strings.TrimPrefix(id, "bench/")] = id
	}
	for _, w := range benchWorkloads {
		if ids[w.name] == "" {
			tb.Fatalf("no main package bench/%s among %v", w.name, prog.MainPackages())
		}
	}
	return prog, ids
}

// runBench runs one workload program under the interpreter and reports
// an error if the interpreter faulted, hit a limit or the program failed.
func runBench(prog *Program, id string, stdout io.Writer) (Result, error) {
	return runBenchCfg(prog, id, Config{Stdout: stdout, Seed: 1})
}

func runBenchCfg(prog *Program, id string, cfg Config) (Result, error) {
	var errb bytes.Buffer
	cfg.Stderr = &errb
	res := prog.Run(id, cfg)
	switch {
	case res.Fault != nil:
		return res, fmt.Errorf("%s: interpreter fault: %v", id, res.Fault)
	case res.Limit != "":
		return res, fmt.Errorf("%s: %s", id, res.Limit)
	case res.ExitCode != 0:
		return res, fmt.Errorf("%s: exit status %d\nstderr:\n%s", id, res.ExitCode, errb.String())
	}
	return res, nil
}

// checkBench runs the workload once interpreted and requires its output to
// be the native result followed by a newline.
func checkBench(tb testing.TB, prog *Program, id string, w benchWorkload) {
	tb.Helper()
	var out bytes.Buffer
	if _, err := runBench(prog, id, &out); err != nil {
		tb.Fatal(err)
	}
	if want := fmt.Sprint(w.native()) + "\n"; out.String() != want {
		tb.Fatalf("%s: interpreted output %q, native result %q", w.name, out.String(), want)
	}
}

func BenchmarkNative(b *testing.B) {
	for _, w := range benchWorkloads {
		b.Run(w.name, func(b *testing.B) {
			for b.Loop() {
				benchSink = w.native()
			}
		})
	}
}

func BenchmarkInterp(b *testing.B) {
	prog, ids := loadBench(b)
	for _, w := range benchWorkloads {
		b.Run(w.name, func(b *testing.B) {
			id := ids[w.name]
			checkBench(b, prog, id, w)
			var steps int64
			for b.Loop() {
				res, err := runBench(prog, id, io.Discard)
				if err != nil {
					b.Fatal(err)
				}
				steps = res.Steps
			}
			b.ReportMetric(float64(steps), "loop-iters/op")
		})
	}
}

// bestOfBoth times native and interpreted runs of a workload in turn, at
// least n rounds and until both took two seconds in all, and returns the
// shortest of each. Alternating puts both sides in the same moments of a
// shared machine whose speed drifts; the best of many runs of a
// sub-millisecond workload is not at the mercy of one timer tick or GC.
func bestOfBoth(n int, native, interp func() error) (nat, in time.Duration, err error) {
	nat, in = time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	var total time.Duration
	timed := func(f func() error, best *time.Duration) error {
		start := time.Now()
		if err := f(); err != nil {
			return err
		}
		d := time.Since(start)
		total += d
		*best = min(*best, d)
		return nil
	}
	for i := 0; i < n || total < 2*time.Second; i++ {
		if err := timed(native, &nat); err != nil {
			return 0, 0, err
		}
		if err := timed(interp, &in); err != nil {
			return 0, 0, err
		}
	}
	return nat, in, nil
}

// TestInterpSpeed times each workload natively and interpreted in the
// same process (see bestOfBoth) and logs the slowdowns as a markdown
// table. It runs only with -interp.speed.
func TestInterpSpeed(t *testing.T) {
	if !*interpSpeed {
		t.Skip("timing test; run with -interp.speed")
	}
	prog, ids := loadBench(t)
	var (
		table   strings.Builder
		logSum  float64
		extra   []string
		failed  bool
		timings int
	)
	table.WriteString("\n| workload | native | interpreted | slowdown |\n|---|---:|---:|---:|\n")
	for _, w := range benchWorkloads {
		id := ids[w.name]
		want := fmt.Sprint(w.native()) + "\n"
		var out bytes.Buffer
		if _, err := runBench(prog, id, &out); err != nil {
			t.Errorf("%v", err)
			failed = true
			continue
		}
		if out.String() != want {
			t.Errorf("%s: interpreted output %q, native result %q", w.name, out.String(), want)
			failed = true
			continue
		}
		var last Result
		nat, interp, err := bestOfBoth(5, func() error { benchSink = w.native(); return nil }, func() error {
			var err error
			last, err = runBench(prog, id, io.Discard)
			return err
		})
		if err != nil {
			t.Errorf("%v", err)
			failed = true
			continue
		}
		ratio := float64(interp) / float64(nat)
		if w.name == "arith" {
			if got := dispatchFloor(); got != w.native() {
				t.Errorf("dispatchFloor = %d, want %d", got, w.native())
			}
			fnat, floor, _ := bestOfBoth(5, func() error { benchSink = w.native(); return nil }, func() error { benchSink = dispatchFloor(); return nil })
			extra = append(extra, fmt.Sprintf("arith on a minimal switch interpreter (dispatchFloor): native %v, %v, %.1fx", fnat, floor, float64(floor)/float64(fnat)))
		}
		if w.extra {
			extra = append(extra, fmt.Sprintf("%s (not in the geometric mean): native %v, interpreted %v, %.1fx", w.name, nat, interp, ratio))
			continue
		}
		logSum += math.Log(ratio)
		timings++
		fmt.Fprintf(&table, "| %s | %v | %v | %.1fx |\n", w.name, nat, interp, ratio)
		// Instructions per second: the count comes from a separate
		// counting run, the time from the timed (uncounted) runs.
		counted, err := runBenchCfg(prog, id, Config{Stdout: io.Discard, Seed: 1, CountOps: true})
		if err != nil {
			t.Errorf("%v", err)
			failed = true
			continue
		}
		extra = append(extra, fmt.Sprintf("%s: %d SSA instructions (excluding φ) in %v = %.3g instructions/s; %d loop iterations",
			w.name, counted.Ops, interp, float64(counted.Ops)/interp.Seconds(), last.Steps))
	}
	if timings > 0 {
		fmt.Fprintf(&table, "| **geometric mean** | | | **%.1fx** |\n", math.Exp(logSum/float64(timings)))
	}
	if failed {
		table.WriteString("(some workloads failed; see errors above)\n")
	}
	t.Logf("%s", table.String())
	for _, e := range extra {
		t.Log(e)
	}
}

// TestLoadSpeed times loading and building a package that imports fmt,
// sync, time and context: the first Load in a fresh module, and a
// repeated one (cached). It runs only with -interp.speed.
func TestLoadSpeed(t *testing.T) {
	if !*interpSpeed {
		t.Skip("timing test; run with -interp.speed")
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), `package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	mu.Lock()
	fmt.Println(ctx.Err())
	mu.Unlock()
}
`)
	start := time.Now()
	p1, err := Load(LoadConfig{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	start = time.Now()
	p2, err := Load(LoadConfig{Dir: dir}, ".")
	if err != nil || p1 != p2 {
		t.Fatalf("second load: %v (same program: %v)", err, p1 == p2)
	}
	t.Logf("first load %v, repeated load %v", first, time.Since(start))
}
