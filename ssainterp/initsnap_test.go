package ssainterp

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// runTimes runs package pkg of prog n times with cfg and returns each
// execution's output and result.
func runTimes(t *testing.T, prog *Program, pkg string, n int, cfg Config) ([]string, []Result) {
	t.Helper()
	var outs []string
	var ress []Result
	for range n {
		var out bytes.Buffer
		c := cfg
		c.Stdout, c.Stderr = &out, &out
		res := prog.Run(pkg, c)
		if res.Fault != nil {
			t.Fatalf("%s: %v", pkg, res.Fault)
		}
		outs, ress = append(outs, out.String()), append(ress, res)
	}
	return outs, ress
}

// TestInitSnapshot: the corpus program that builds state of every kind
// in its initialisation (TestCorpus compares its output with go run's)
// starts from the snapshot, and every execution, the first included,
// prints and counts what an execution that runs the initialisation does:
// none sees what an earlier one changed, and the steps and allocations
// of the initialisation are charged to each.
func TestInitSnapshot(t *testing.T) {
	src, err := os.ReadFile("testdata/corpus/init_snapshot_state.go")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := loadSrc(t, string(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Seed: 3, CountOps: true}
	outs, ress := runTimes(t, prog, "m", 3, cfg)
	if used, why := prog.InitSnapshot("m"); !used {
		t.Fatalf("no snapshot: %s", why)
	}
	cfg.InitEachExecution = true
	want, wres := runTimes(t, prog, "m", 1, cfg)
	for i, out := range outs {
		if out != want[0] {
			t.Errorf("execution %d printed\n%s\nwant (initialisation run)\n%s", i, out, want[0])
		}
		if r := ress[i]; r.Steps != wres[0].Steps || r.Ops != wres[0].Ops {
			t.Errorf("execution %d: %d steps, %d ops; with the initialisation run %d, %d", i, r.Steps, r.Ops, wres[0].Steps, wres[0].Ops)
		}
	}
}

// TestInitSnapshotMemory: an execution is charged the memory its
// initialisation allocated (the bound and runtime.MemStats see it), and
// copies only the part of the snapshot it names: a table it never
// touches stays pending.
func TestInitSnapshotMemory(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"fmt"
	"runtime"
)

var big = make([]int64, 1<<12)
var unused = map[string][]int{"a": {1, 2}}

func main() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Println(len(big), ms.Mallocs > 0)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, each := range []bool{false, true} {
		var out bytes.Buffer
		m := prog.NewMachine(Config{Stdout: &out, InitEachExecution: each})
		res := m.RunMain("m")
		if res.Fault != nil || out.String() != "4096 true\n" {
			t.Fatalf("InitEachExecution %v: fault %v, output %q", each, res.Fault, out.String())
		}
		used := m.memUsed
		_, pending := m.globals[prog.globalIndex[prog.packageByPath("m").Var("unused")]].r.(pendingGlobal)
		if pending == each {
			t.Errorf("InitEachExecution %v: unused pending %v", each, pending)
		}
		m.Release()
		if each {
			continue
		}
		m = prog.NewMachine(Config{InitEachExecution: true})
		m.RunMain("m")
		if m.memUsed != used {
			t.Errorf("charged %d bytes from the snapshot, %d running the initialisation", used, m.memUsed)
		}
		m.Release()
		// A bound below what the initialisation allocates ends the
		// execution as a limit, as running it does.
		res = prog.Run("m", Config{MaxMemory: int64(used / 2)})
		if res.Limit == "" || !strings.Contains(res.Limit, "out of memory") {
			t.Errorf("below the initialisation's memory: limit %q, fault %v", res.Limit, res.Fault)
		}
	}
}

// TestInitSnapshotRefused: an initialisation that does more than leave
// memory (starts a goroutine, prints, draws on the seeded generator,
// sleeps, keeps a native value that may change) runs in every
// execution, and says why.
func TestInitSnapshotRefused(t *testing.T) {
	for _, c := range []struct{ name, init, why string }{
		{"goroutine", `go func() { x = 2 }(); time.Sleep(time.Millisecond)`, "starts goroutines"},
		{"output", `fmt.Println("init")`, "writes output"},
		{"map", `for k := range map[int]int{1: 1, 2: 2, 3: 3, 4: 4} { x += k }`, "seeded generator"},
		{"sleep", `time.Sleep(time.Second)`, "timers or sleeps"},
		{"native", `sb.WriteString("x")`, "native value of type strings.Builder"},
		{"host memory", `x = len(make([]int, 1<<16, 1<<16)) + cap(make([]int, 1<<16))`, "array in host memory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := loadSrc(t, `package main

import (
	"fmt"
	"strings"
	"time"
)

var _ = time.Now
var x = 1
var sb strings.Builder

func init() {
	`+c.init+`
}

func main() {
	x++
	sb.WriteString("y")
	fmt.Println(x > 1, sb.Len() <= 2)
}
`)
			if err != nil {
				t.Fatal(err)
			}
			outs, _ := runTimes(t, prog, "m", 2, Config{})
			if used, why := prog.InitSnapshot("m"); used || !strings.Contains(why, c.why) {
				t.Errorf("snapshot used %v (%q), want refused: %s", used, why, c.why)
			}
			if outs[0] != outs[1] || !strings.HasSuffix(outs[0], "true true\n") {
				t.Errorf("outputs %q", outs)
			}
		})
	}
}

// TestInitSnapshotKept: an initialisation that puts into a sync.Pool or
// hands out program counters is kept. The pool starts empty, as after
// two collections (which Go allows at any time); the program counters
// read the same functions and lines as when the initialisation runs.
func TestInitSnapshotKept(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"fmt"
	"runtime"
	"sync"
)

var pool = sync.Pool{New: func() any { return "new" }}
var pcs = make([]uintptr, 1)

func where() { runtime.Callers(1, pcs) }

func init() {
	pool.Put("from init")
	where()
}

func main() {
	f, _ := runtime.CallersFrames(pcs).Next()
	fmt.Println(f.Function, f.Line)
	_, _, line, _ := runtime.Caller(0)
	fmt.Println(line, pool.Get())
}
`)
	if err != nil {
		t.Fatal(err)
	}
	outs, _ := runTimes(t, prog, "m", 2, Config{})
	if used, why := prog.InitSnapshot("m"); !used {
		t.Fatalf("no snapshot: %s", why)
	}
	each, _ := runTimes(t, prog, "m", 1, Config{InitEachExecution: true})
	const first = "main.where 12\n" // as go run prints, but for the pool's item
	for _, out := range outs {
		if out != first+"22 new\n" {
			t.Errorf("from the snapshot: %q", out)
		}
	}
	if each[0] != first+"22 from init\n" {
		t.Errorf("initialisation run: %q", each[0])
	}
}
