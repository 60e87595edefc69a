package ssainterp

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// loadSrc writes a one-file main package into a fresh module and loads it,
// uncached: a fresh directory is never loaded twice, and a cached program
// would stay in memory for the rest of the test process.
func loadSrc(t *testing.T, src string) (*Program, error) {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), src)
	return Load(LoadConfig{Dir: dir, Uncached: true}, ".")
}

func runSrc(t *testing.T, src string, cfg Config) (Result, string, string) {
	t.Helper()
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	cfg.Stdout, cfg.Stderr = &out, &errb
	return prog.Run("m", cfg), out.String(), errb.String()
}

// runCase runs the test function case_NAME of prog (a main package whose
// functions take a *testing.T) on a new machine with cfg, under the
// simple scheduler. The harness's main goroutine waits forever once the
// function returns: callers read the fault, the output and the races,
// not the exit.
func runCase(t *testing.T, prog *Program, name string, cfg Config) (*Machine, Result) {
	t.Helper()
	m := prog.NewMachine(cfg)
	if err := m.StartTest("m", "case_"+name); err != nil {
		t.Fatal(err)
	}
	return m, m.schedule()
}

func TestLoadIsCached(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), "package main\n\nfunc main() {}\n")
	p1, err := Load(LoadConfig{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := Load(LoadConfig{Dir: dir}, ".")
	if p1 != p2 {
		t.Fatal("second Load built a new program")
	}
}

func TestTypeErrorsAreReported(t *testing.T) {
	_, err := loadSrc(t, "package main\n\nfunc main() {\n\tvar x int = \"s\"\n\t_ = x\n}\n")
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "main.go:4") {
		t.Fatalf("want a LoadError naming main.go:4, got %v", err)
	}
}

func TestStepLimitEndsInfiniteLoop(t *testing.T) {
	res, _, _ := runSrc(t, "package main\n\nfunc main() {\n\tfor {\n\t}\n}\n", Config{MaxSteps: 10000})
	if !strings.Contains(res.Limit, "step limit of 10000 exceeded in m.main") {
		t.Fatalf("limit = %q", res.Limit)
	}
}

func TestDeadlockIsAResult(t *testing.T) {
	res, _, stderr := runSrc(t, "package main\n\nfunc main() {\n\tch := make(chan int)\n\tch <- 1\n}\n", Config{})
	if !res.Deadlock || res.ExitCode != 2 || !strings.Contains(stderr, "goroutine 1 [chan send]:") {
		t.Fatalf("deadlock %v exit %d stderr %q", res.Deadlock, res.ExitCode, stderr)
	}
}

// TestSeedDeterminism: map order and select choices depend on the seed
// only, so equal seeds give identical output.
func TestSeedDeterminism(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	m := map[int]int{}
	for i := 0; i < 20; i++ {
		m[i] = i
	}
	for k := range m {
		fmt.Print(k, " ")
	}
	a, b := make(chan int, 10), make(chan int, 10)
	for i := 0; i < 10; i++ {
		a <- i
		b <- i
	}
	for i := 0; i < 10; i++ {
		select {
		case <-a:
			fmt.Print("a")
		case <-b:
			fmt.Print("b")
		}
	}
	fmt.Println()
}
`
	if outputs := outputsBySeed(t, src); outputs[1] == outputs[2] {
		t.Errorf("seeds 1 and 2 gave the same map and select order: %s", outputs[1])
	}
}

// outputsBySeed runs the program src twice with seed 1 and twice with
// seed 2, requires each seed to give one output and a clean exit, and
// returns the outputs by seed.
func outputsBySeed(t *testing.T, src string) map[uint64]string {
	t.Helper()
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[uint64]string{}
	for _, seed := range []uint64{1, 2, 1, 2} {
		var out bytes.Buffer
		res := prog.Run("m", Config{Stdout: &out, Stderr: &out, Seed: seed})
		if res.Fault != nil || res.ExitCode != 0 {
			t.Fatalf("exit %d, fault %v: %s", res.ExitCode, res.Fault, out.String())
		}
		if prev, ok := outputs[seed]; ok && prev != out.String() {
			t.Fatalf("seed %d gave two outputs:\n%s\n%s", seed, prev, out.String())
		}
		outputs[seed] = out.String()
	}
	return outputs
}

// TestCryptoRandFollowsTheSeed: crypto/rand's Read, Text and Reader
// give the same bytes for the same seed (a session token must be the
// same in a replay), and other bytes for another; the sizes and the
// alphabet are Go's.
func TestCryptoRandFollowsTheSeed(t *testing.T) {
	src := `package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"strings"
)

func main() {
	b := make([]byte, 8)
	n, err := rand.Read(b)
	c := make([]byte, 4)
	if _, err := rand.Reader.Read(c); err != nil {
		panic(err)
	}
	d := make([]byte, 4)
	if _, err := io.ReadFull(rand.Reader, d); err != nil {
		panic(err)
	}
	text := rand.Text()
	if len(text) != 26 || strings.Trim(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		panic("Text: " + text)
	}
	fmt.Printf("%d %v %x %x %x %s\n", n, err, b, c, d, text)
}
`
	if outputs := outputsBySeed(t, src); outputs[1] == outputs[2] {
		t.Errorf("seeds 1 and 2 gave the same bytes: %s", outputs[1])
	}
}

// TestPipeToNativeReaderIsRefused: an io.Pipe end handed to native code
// that would block reading it is refused with a message naming the
// operation and the line, instead of blocking the host.
func TestPipeToNativeReaderIsRefused(t *testing.T) {
	src := "package main\n\nimport (\n\t\"compress/gzip\"\n\t\"io\"\n)\n\nfunc main() {\n\tpr, pw := io.Pipe()\n\t_ = pw\n\t// gzip reads its header at once, natively\n\tgzip.NewReader(pr)\n}\n"
	res, _, _ := runSrc(t, src, Config{})
	if res.Fault == nil || !strings.Contains(res.Fault.Error(), "blocking operation (io.Pipe read) in a function called from native code") || !strings.Contains(res.Fault.Error(), "main.go:12") {
		t.Fatalf("fault %v", res.Fault)
	}
}

// TestReusedFrameForgetsOtherFunction pins down the invariant behind frame
// reuse: ops that write only a register's scalar word (x*y, i+1, ...)
// rely on its r being nil, so a frame that ran another function must come
// back with the r of its scalar registers cleared. (Reusing frames without
// that made the race-free workerpool program compute a wrong result: its
// int results carried stale aggregates.) A frame reused by the same
// function needs nothing, since each register keeps its one type.
func TestReusedFrameForgetsOtherFunction(t *testing.T) {
	prog, err := loadSrc(t, "package main\n\ntype P struct{ a, b int }\n\nfunc mk() P { return P{1, 2} }\n\nfunc mul(x, y int) int { return x * y }\n\nfunc main() { _ = mk(); _ = mul(2, 3) }\n")
	if err != nil {
		t.Fatal(err)
	}
	pkg := prog.ssa.ImportedPackage("m")
	mk, mul := prog.funcOf(pkg.Func("mk")), prog.funcOf(pkg.Func("mul"))
	m := prog.NewMachine(Config{})
	g := &goroutine{m: m}
	// Enough released frames of mk that mul takes one over (see
	// freeFrameFor; the first maxPool stay in mk's pool), each with
	// room for mul's registers, every one holding an aggregate.
	var frames []*frame
	for range maxPool + freeSearch {
		fr := m.newFrame(mk, g)
		all := make([]value, mk.nregs+mul.nregs)
		for i := range all {
			all[i] = value{n: 7, r: agg{{}, {}}}
		}
		fr.regs = all[:mk.nregs]
		frames = append(frames, fr)
	}
	for _, fr := range frames {
		m.release(fr)
	}
	fr := m.newFrame(mul, g)
	if !slices.Contains(frames, fr) {
		t.Fatal("mul did not take over a released frame of mk")
	}
	if len(mul.scalars) == 0 {
		t.Fatal("mul has no scalar registers")
	}
	for _, s := range mul.scalars {
		if fr.regs[s].r != nil {
			t.Fatalf("scalar register %d of a frame reused by another function holds %v", s, fr.regs[s])
		}
	}
}

// TestPooledFramesForgetValues: the frames a finished machine hands on
// hold none of its values in their registers, so the next machine does
// not keep its memory alive while it runs (a cache test whose every
// execution made 1 GiB of buffers held several at once: 11 GB resident
// on one worker, 3.3 GB once forgotten).
func TestPooledFramesForgetValues(t *testing.T) {
	prog, err := loadSrc(t, "package main\n\nfunc mk() []byte { b := make([]byte, 100); return b[:len(b)-1] }\n\nfunc main() { _ = mk() }\n")
	if err != nil {
		t.Fatal(err)
	}
	mk := prog.funcOf(prog.ssa.ImportedPackage("m").Func("mk"))
	for range 10 { // a collection between Put and Get empties the pool: try again
		m := prog.NewMachine(Config{})
		m.free = nil
		// One frame in mk's pool, one past it in the free list: every
		// register but the constants' holds a value of the machine.
		g := &goroutine{m: m}
		var frs []*frame
		for range maxPool + 1 {
			fr := m.newFrame(mk, g)
			for i := range fr.regs[:mk.cbase] {
				fr.regs[i] = value{n: 1, r: []value{{}}}
			}
			frs = append(frs, fr)
		}
		for _, fr := range frs {
			m.release(fr)
		}
		m.Release()
		r := reusedMachine(prog)
		if r == nil {
			continue
		}
		pooled := r.framePools[mk.pool].frames()
		if len(r.free) == 0 || len(pooled) == 0 {
			t.Fatal("no frame of mk was handed on in the free list and in its pool")
		}
		for _, fr := range append(slices.Clone(r.free), pooled...) {
			for i, v := range fr.regs[:cap(fr.regs)] {
				if (i < mk.cbase || i >= mk.nregs) && v != (value{}) {
					t.Fatalf("register %d of a pooled frame holds %v", i, v)
				}
			}
		}
		return
	}
	t.Fatal("the frame pool was emptied ten times in a row")
}

// frames returns the frames of p, top first.
func (p *framePool) frames() []*frame {
	if p == nil {
		return nil
	}
	var fs []*frame
	for fr := p.top; fr != nil; fr = fr.below {
		fs = append(fs, fr)
	}
	return fs
}

// TestPooledFramesForgetMachine: the frames a finished machine hands on
// (Release) must not keep it alive. A frame taken from the end of the
// free list leaves its pointer in the array past the list's length; if
// that frame was still on a blocked goroutine's stack when the machine
// ended, the pooled array kept the machine, and through the frame's old
// registers the machines before it (mcheck test's live heap grew without
// bound on x/sync's semaphore tests).
func TestPooledFramesForgetMachine(t *testing.T) {
	prog, err := loadSrc(t, "package main\n\ntype P struct{ a, b int }\n\nfunc mk() P { return P{1, 2} }\n\nfunc mul(x, y int) int { return x * y }\n\nfunc main() { _ = mk(); _ = mul(2, 3) }\n")
	if err != nil {
		t.Fatal(err)
	}
	pkg := prog.ssa.ImportedPackage("m")
	mk, mul := prog.funcOf(pkg.Func("mk")), prog.funcOf(pkg.Func("mul"))
	for range 10 { // a collection between Put and Get empties the pool: try again
		m := prog.NewMachine(Config{})
		m.free = nil
		g := &goroutine{m: m}
		fb, fa := m.newFrame(mul, g), m.newFrame(mk, g)
		m.release(fb)
		m.release(fa)
		if inUse := m.newFrame(mk, g); inUse != fa {
			t.Fatal("mk did not take its released frame back")
		}
		m.Release()
		r := reusedMachine(prog)
		if r == nil {
			continue
		}
		fs := r.free
		for i, fr := range fs[len(fs):cap(fs)] {
			if fr != nil {
				t.Fatalf("the pooled free list holds frame %p past its length (at %d)", fr, len(fs)+i)
			}
		}
		for _, p := range r.framePools {
			if slices.Contains(p.frames(), fa) {
				t.Fatal("a function's pool holds the frame in use")
			}
		}
		return
	}
	t.Fatal("the frame pool was emptied ten times in a row")
}

// TestConstantFillsFuse: a table literal's element stores run as one op
// (fill.go), the address instructions get no register, and the values
// are those Go gives (the corpus program composite_constant_tables
// checks them against go run).
func TestConstantFillsFuse(t *testing.T) {
	src := "package main\n\ntype r struct{ v uint16; lo, hi byte }\n\n" +
		"var tab = [...]uint16{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}\n\n" +
		"var rs = [...]r{{1, 2, 3}, {4, 5, 6}, {v: 7}, {lo: 8}, {hi: 9}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {4, 4, 4}}\n\n" +
		"func main() { println(tab[9], rs[3].lo, rs[8].hi) }\n"
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	init := prog.funcOf(prog.ssa.ImportedPackage("m").Func("init"))
	init.compile()
	instrs := 0
	for _, b := range init.ssa.Blocks {
		instrs += len(b.Instrs)
	}
	if len(init.code) > instrs/4 {
		t.Errorf("init compiled to %d ops for %d instructions: the fills did not fuse", len(init.code), instrs)
	}
	var out strings.Builder
	if res := prog.NewMachine(Config{Stdout: &out, Stderr: &out}).RunMain("m"); res.ExitCode != 0 || out.String() != "10 8 4\n" {
		t.Errorf("exit %d, output %q", res.ExitCode, out.String())
	}
}
