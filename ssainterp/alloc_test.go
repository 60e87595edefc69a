package ssainterp

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// TestOutOfMemoryIsALimit: each way of allocating without bound ends
// the execution as an mcheck limit naming the last allocation's line
// and function, never as a program failure or a host crash.
func TestOutOfMemoryIsALimit(t *testing.T) {
	cases := []struct {
		name, body string
	}{
		{"append", "var s []int\n\tfor i := 0; ; i++ {\n\t\ts = append(s, i)\n\t}"},
		{"make", "for {\n\t\tsink = append(sink, make([]byte, 1000))\n\t}"},
		{"new", "var l *node\n\tfor {\n\t\tl = &node{next: l}\n\t}"},
		{"maps", "m := map[int]string{}\n\tfor i := 0; ; i++ {\n\t\tm[i] = \"x\"\n\t}"},
		{"concat", "s := \"x\"\n\tfor {\n\t\ts += s\n\t}"},
		{"conversion", "s := strings.Repeat(\"x\", 1000)\n\tfor {\n\t\tsink = append(sink, []byte(s))\n\t}"},
		{"closures", "var fs []func() int\n\tfor i := 0; ; i++ {\n\t\tfs = append(fs, func() int { return i })\n\t}"},
		{"channels", "var cs []chan int\n\tfor {\n\t\tcs = append(cs, make(chan int, 100))\n\t}"},
		{"interfaces", "var xs []any\n\tfor i := 0; ; i++ {\n\t\txs = append(xs, i)\n\t}"},
		{"huge", "sink = append(sink, make([]byte, 1<<39))"},
		{"goroutine", "done := make(chan bool)\n\tgo func() {\n\t\tvar s []int\n\t\tfor i := 0; ; i++ {\n\t\t\ts = append(s, i)\n\t\t}\n\t}()\n\t<-done"},
	}
	// One program, a function per case (loading is the slow part).
	src := "package main\n\nimport (\n\t\"strings\"\n\t\"testing\"\n)\n\nvar _ = strings.Repeat\n\nvar sink [][]byte\n\ntype node struct {\n\tnext *node\n\tpad  [4]int\n}\n\nfunc main() {}\n"
	for _, c := range cases {
		src += "\nfunc case_" + c.name + "(*testing.T) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tprintln(\"recovered\")\n\t\t}\n\t\tprintln(\"deferred\")\n\t}()\n\t" + c.body + "\n}\n"
	}
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			_, res := runCase(t, prog, c.name, Config{Stdout: &out, Stderr: &out, MaxMemory: 1 << 20, MaxSteps: 50_000_000})
			if res.Fault == nil || !IsLimit(res.Fault) {
				t.Fatalf("fault %v (limit %v), exit %d, output %q", res.Fault, IsLimit(res.Fault), res.ExitCode, out.String())
			}
			msg := res.Fault.Error()
			if !strings.HasPrefix(msg, "out of memory: execution allocated more than 1 MiB; last allocation at /") ||
				!strings.Contains(msg, "/main.go:") || !strings.Contains(msg, "(m.case_"+c.name) {
				t.Fatalf("message %q", msg)
			}
			if res.Limit != msg {
				t.Fatalf("Limit %q, Fault %q", res.Limit, msg)
			}
			if out.Len() != 0 {
				t.Fatalf("the program saw the limit: output %q", out.String())
			}
		})
	}
}

// TestOutOfMemoryNamesTheLine: the report names the allocating line.
func TestOutOfMemoryNamesTheLine(t *testing.T) {
	src := "package main\n\nfunc main() {\n\tvar s [][]int\n\tfor {\n\t\ts = append(s, make([]int, 100))\n\t}\n}\n"
	res, _, _ := runSrc(t, src, Config{MaxMemory: 1 << 20})
	if res.Fault == nil || !strings.HasSuffix(res.Fault.Error(), "main.go:6 (m.main)") {
		t.Fatalf("fault %v", res.Fault)
	}
}

// TestOutOfMemoryDefaultBound: with no bound configured, a program that
// allocates without end stops at 1 GiB, and quickly (the garbage it
// drops counts: the count is of allocations, not of live memory).
func TestOutOfMemoryDefaultBound(t *testing.T) {
	src := "package main\n\nvar sink []byte\n\nfunc main() {\n\tfor {\n\t\tsink = make([]byte, 1<<20)\n\t}\n}\n"
	res, _, _ := runSrc(t, src, Config{})
	if res.Fault == nil || !IsLimit(res.Fault) ||
		res.Fault.Error() != "out of memory: execution allocated more than 1 GiB; last allocation at "+
			res.Fault.Error()[strings.Index(res.Fault.Error(), "at ")+3:] ||
		!strings.Contains(res.Fault.Error(), "more than 1 GiB") {
		t.Fatalf("fault %v", res.Fault)
	}
}

// TestMemoryWithinBound: a program that allocates less than the bound
// runs to its end, and the count is what alloc.go promises.
func TestMemoryWithinBound(t *testing.T) {
	src := `package main

type pair struct{ a, b int }

func main() {
	s := make([]pair, 0, 1000) // 1000 × (16 + 2 × 16)
	for i := range 1000 {
		s = append(s, pair{i, i})
	}
	m := map[int]bool{} // 64
	for i := range 100 {
		m[i] = true // 100 × 64
	}
	t := "ab"
	t += "cd" // 4
	println(len(s), len(m), t)
}
`
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	m := prog.NewMachine(Config{MaxMemory: 1 << 20})
	res := m.RunMain("m")
	if res.Fault != nil || res.ExitCode != 0 {
		t.Fatalf("fault %v exit %d", res.Fault, res.ExitCode)
	}
	want := int64(goroutineBytes + 1000*48 + 64 + 100*64 + 4)
	if got := m.MemoryUsed(); got < want || got > want+4096 {
		t.Fatalf("MemoryUsed = %d, want %d (+ the runtime's own allocations, at most 4 KiB)", got, want)
	}
}

// TestMemoryLimitReplays: the count depends on the program alone, so the
// limit is reached at the same place every time.
func TestMemoryLimitReplays(t *testing.T) {
	src := "package main\n\nfunc main() {\n\tm := map[string][]int{}\n\tfor i := 0; ; i++ {\n\t\tm[string(rune('a'+i%26))] = append(m[string(rune('a'+i%26))], i)\n\t}\n}\n"
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	first := prog.NewMachine(Config{MaxMemory: 1 << 20}).RunMain("m")
	for range 3 {
		again := prog.NewMachine(Config{MaxMemory: 1 << 20}).RunMain("m")
		if first.Fault == nil || again.Fault == nil || first.Fault.Error() != again.Fault.Error() || first.Steps != again.Steps {
			t.Fatalf("first %v (%d steps), again %v (%d steps)", first.Fault, first.Steps, again.Fault, again.Steps)
		}
	}
}

// TestRunawayRecursionIsALimit: a call deeper than MaxDepth ends the
// execution as an mcheck limit naming the call, not as Go's stack
// overflow (which Go reaches far deeper: a false report for a program
// that merely recurses deeply), and the program cannot recover it.
func TestRunawayRecursionIsALimit(t *testing.T) {
	src := "package main\n\nfunc f(n int) int { return f(n+1) + 1 }\n\nfunc main() {\n\tdefer func() { recover(); println(\"recovered\") }()\n\tf(0)\n}\n"
	res, _, stderr := runSrc(t, src, Config{MaxDepth: 5000})
	if res.Fault == nil || !IsLimit(res.Fault) || strings.Contains(stderr, "recovered") {
		t.Fatalf("fault %v, stderr %q", res.Fault, stderr)
	}
	if msg := res.Fault.Error(); !strings.HasPrefix(msg, "call depth limit: more than 5000 nested calls on goroutine 1, calling m.f at /") ||
		!strings.HasSuffix(msg, "/main.go:3 (m.f) (runaway recursion?)") || res.Limit != msg {
		t.Fatalf("fault %q", msg)
	}
	// A recursion within the bound runs.
	src = "package main\n\nfunc f(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn f(n-1) + 1\n}\n\nfunc main() { println(f(4000)) }\n"
	res, _, stderr = runSrc(t, src, Config{MaxDepth: 5000})
	if res.Fault != nil || stderr != "4000\n" {
		t.Fatalf("fault %v, stderr %q", res.Fault, stderr)
	}
	// The bound is the same for calls that reuse the frames of earlier
	// ones (Machine.enter's pooled case): f(17) is the deepest call
	// within 20 from main, the second time as the first, and one level
	// deeper (from g) it is over, though its 18 frames of f all come
	// from the first call.
	for _, tc := range []struct {
		second string
		fault  bool
	}{{"f(17)", false}, {"g()", true}} {
		src = "package main\n\nfunc f(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn f(n-1) + 1\n}\n\nfunc g() int { return f(17) }\n\nfunc main() { println(f(17)); println(" + tc.second + ") }\n"
		res, _, stderr = runSrc(t, src, Config{MaxDepth: 20})
		want := "17\n17\n"
		if tc.fault {
			want = "17\n"
		}
		if (res.Fault != nil) != tc.fault || (tc.fault && !IsLimit(res.Fault)) || stderr != want {
			t.Errorf("f(17) then %s: fault %v, stderr %q", tc.second, res.Fault, stderr)
		}
	}
}

// TestInfiniteLoopIsALimit: the step bound ends a loop as a limit with
// the loop's position.
func TestInfiniteLoopIsALimit(t *testing.T) {
	res, _, _ := runSrc(t, "package main\n\nvar done bool\n\nfunc main() {\n\tn := 0\n\tfor !done {\n\t\tn++\n\t}\n\tprintln(n)\n}\n", Config{MaxSteps: 10000})
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.HasPrefix(res.Fault.Error(), "step limit of 10000 exceeded in m.main at /") ||
		!strings.HasSuffix(res.Fault.Error(), "/main.go:7 (an infinite loop?)") {
		t.Fatalf("fault %v", res.Fault)
	}
}

// TestStepBoundIsBetweenSchedulingPoints: the step bound counts the
// loop iterations a goroutine runs between two scheduling points, not
// those of the whole execution: a long loop of channel operations (a
// stress test's) is the scheduler's to bound, and runs to its end.
func TestStepBoundIsBetweenSchedulingPoints(t *testing.T) {
	res, _, out := runSrc(t, "package main\n\nfunc main() {\n\tch := make(chan int)\n\tgo func() {\n\t\tfor i := 0; i < 30000; i++ {\n\t\t\tch <- i\n\t\t}\n\t\tclose(ch)\n\t}()\n\tn := 0\n\tfor v := range ch {\n\t\tn += v\n\t}\n\tprintln(n)\n}\n", Config{MaxSteps: 10000})
	if res.Fault != nil || out != "449985000\n" {
		t.Fatalf("fault %v, output %q", res.Fault, out)
	}
}

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"1GiB": 1 << 30, "1g": 1 << 30, "512MiB": 512 << 20, "512 MB": 512 << 20,
		"1.5GiB": 3 << 29, "4096": 4096, "64k": 64 << 10, "2TiB": 2 << 40} {
		if got, err := ParseBytes(in); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1GiB", "1XB", "GiB", "1e30", "0.1"} {
		if got, err := ParseBytes(in); err == nil {
			t.Errorf("ParseBytes(%q) = %d, want an error", in, got)
		}
	}
	for n, want := range map[int64]string{1 << 30: "1 GiB", 3 << 29: "1536 MiB", 1500: "1500 bytes", 64 << 10: "64 KiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestOutOfMemoryInCallback: a String method that allocates without
// bound, called back by fmt (native code that recovers panics), still
// ends the execution as the limit.
func TestOutOfMemoryInCallback(t *testing.T) {
	src := `package main

import "fmt"

type T struct{}

func (T) String() string {
	var s []int
	for i := 0; ; i++ {
		s = append(s, i)
	}
}

func main() {
	fmt.Println("got", fmt.Sprint(T{}))
}
`
	res, stdout, _ := runSrc(t, src, Config{MaxMemory: 1 << 20})
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.Contains(res.Fault.Error(), "main.go:10 ((m.T).String)") || stdout != "" {
		t.Fatalf("fault %v, stdout %q", res.Fault, stdout)
	}
}

// TestHostMemorySafetyNet: allocations of native functions are not
// counted, but with a soft memory limit on the host an execution that
// grows native memory ends as out of memory before the host dies.
func TestHostMemorySafetyNet(t *testing.T) {
	src := "package main\n\nimport (\n\t\"strings\"\n\t\"sync\"\n)\n\nfunc main() {\n\tvar mu sync.Mutex\n\tvar sb strings.Builder\n\tx := strings.Repeat(\"x\", 4096)\n\tfor {\n\t\tmu.Lock()\n\t\tsb.WriteString(x)\n\t\tmu.Unlock()\n\t}\n}\n"
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(s[0].Value.Uint64()) + 64<<20))
	// 200000 iterations of 4 KiB: 800 MB at most if the net failed.
	start := time.Now()
	res := prog.NewMachine(Config{MaxSteps: 200_000}).RunMain("m")
	t.Logf("%v after %v", res.Fault, time.Since(start))
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.HasPrefix(res.Fault.Error(), "out of memory: the host process holds ") ||
		!strings.HasSuffix(res.Fault.Error(), " (m.main)") || !strings.Contains(res.Fault.Error(), "/main.go:1") {
		t.Fatalf("fault %v", res.Fault)
	}
}

// TestAllocCountsAreRefused: testing.AllocsPerRun and testing.Benchmark
// would report the host's counts, which include the interpreter's own
// allocations (a test asserting a count would fail for mcheck's sake):
// each is an mcheck error naming the function and the line, which the
// program's recover does not swallow. runtime.ReadMemStats reports
// mcheck's accounting, and a failure after it is not judged
// (TestReadMemStats).
func TestAllocCountsAreRefused(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, imp, body, want string }{
		{"allocsperrun", "testing", `n := testing.AllocsPerRun(10, func() { _ = make([]int, 8) })
	println(n)`, "unsupported: testing.AllocsPerRun: allocation counts"},
		{"benchmark", "testing", `r := testing.Benchmark(func(b *testing.B) {})
	println(r.AllocsPerOp())`, "unsupported: testing.Benchmark: benchmark results"},
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	faults := make([]struct{ name, body, want string }, len(cases))
	for i, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf("package main\n\nimport %q\n\nfunc main() {\n\tdefer func() { recover() }()\n\t%s\n}\n", c.imp, c.body))
		faults[i].name, faults[i].want = c.name, c.want
	}
	expectFaults(t, dir, faults)
}

// TestReadMemStats: runtime.ReadMemStats fills MemStats with mcheck's
// accounting of the execution (bytes and allocations charged so far),
// so a program that logs its memory use runs; a program that fails after
// reading it (a panic here, an assertion on a count in a test) ends as
// something mcheck could not run, naming where it read the counts, since
// its counts are not those of the program as compiled.
func TestReadMemStats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	read := "package main\n\nimport \"runtime\"\n\nfunc main() {\n\tvar ms runtime.MemStats\n\truntime.ReadMemStats(&ms)\n\tb := make([]byte, 1<<20)\n\t_ = b\n\tbefore := ms.TotalAlloc\n\truntime.ReadMemStats(&ms)\n\t%s\n}\n"
	writeFile(t, filepath.Join(dir, "logs", "main.go"), fmt.Sprintf(read, `println(ms.TotalAlloc-before >= 1<<20, ms.Mallocs > 0, ms.HeapAlloc == ms.TotalAlloc, ms.NumGC)`))
	writeFile(t, filepath.Join(dir, "recovers", "main.go"), fmt.Sprintf(read, `defer func() { recover() }()
	panic(ms.Mallocs - before)`))
	writeFile(t, filepath.Join(dir, "fails", "main.go"), fmt.Sprintf(read, `if ms.Mallocs-before != 1 {
		panic("allocations")
	}`))
	prog, err := Load(LoadConfig{Dir: dir, Uncached: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"logs", "recovers"} {
		var stderr bytes.Buffer
		res := prog.Run("m/"+name, Config{Stderr: &stderr})
		if res.Fault != nil || res.ExitCode != 0 {
			t.Errorf("%s: fault %v, exit %d", name, res.Fault, res.ExitCode)
		}
		if name == "logs" && stderr.String() != "true true true 0\n" {
			t.Errorf("logs printed %q", stderr.String())
		}
	}
	res := prog.Run("m/fails", Config{Stderr: io.Discard})
	if want := "unsupported: the program failed after it read runtime.ReadMemStats at main.go:7"; res.Fault == nil || !strings.Contains(res.Fault.Error(), want) {
		t.Errorf("fails: fault %v, want %q", res.Fault, want)
	}
}
