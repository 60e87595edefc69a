package ssainterp

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestMmapRefusals: a mapping mcheck does not model (a file, MAP_SHARED,
// a read-only one), and an address into a mapping after munmap, are
// mcheck errors naming the call and the program's line, which the
// program's recover does not swallow.
func TestMmapRefusals(t *testing.T) {
	t.Parallel()
	const rw, anon = "syscall.PROT_READ|syscall.PROT_WRITE", "syscall.MAP_ANON|syscall.MAP_PRIVATE"
	cases := []struct{ name, body, want string }{
		{"shared", `syscall.Mmap(-1, 0, 100, ` + rw + `, syscall.MAP_ANON|syscall.MAP_SHARED)`,
			"unsupported: syscall.Mmap(fd -1, offset 0, length 100, PROT_READ|PROT_WRITE, MAP_SHARED|MAP_ANON): mcheck models anonymous private read-write mappings only"},
		{"file", `syscall.Mmap(0, 0, 100, ` + rw + `, syscall.MAP_PRIVATE)`,
			"unsupported: syscall.Mmap(fd 0, offset 0, length 100, PROT_READ|PROT_WRITE, MAP_PRIVATE)"},
		{"readonly", `syscall.Mmap(-1, 0, 100, syscall.PROT_READ, ` + anon + `)`,
			"unsupported: syscall.Mmap(fd -1, offset 0, length 100, PROT_READ, MAP_PRIVATE|MAP_ANON)"},
		{"unmapped", `b, _ := syscall.Mmap(-1, 0, 100, ` + rw + `, ` + anon + `)
	u := uintptr(unsafe.Pointer(&b[0]))
	syscall.Munmap(b)
	println(*(*byte)(unsafe.Pointer(u)))`,
			"unsupported: unsafe: an address in memory the program unmapped (munmap at "},
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf("package main\n\nimport (\n\t\"syscall\"\n\t\"unsafe\"\n)\n\nvar _ unsafe.Pointer\n\nfunc main() {\n\tdefer func() { recover() }()\n\t%s\n}\n", c.body))
	}
	expectFaults(t, dir, cases)
}

// xsysMmapProgram uses golang.org/x/sys/unix's Mmap and Munmap as
// fastcache does.
const xsysMmapProgram = `package main

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

const chunkSize = 4096

func main() {
	data, err := unix.Mmap(-1, 0, 3*chunkSize+10, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(data), cap(data), data[0], data[len(data)-1])
	fmt.Println("aligned", uintptr(unsafe.Pointer(&data[0]))%uintptr(unix.Getpagesize()) == 0)
	var chunks []*[chunkSize]byte
	for d := data; len(d) >= chunkSize; d = d[chunkSize:] {
		chunks = append(chunks, (*[chunkSize]byte)(unsafe.Pointer(&d[0])))
	}
	for i, c := range chunks {
		c[chunkSize-1] = byte(i + 1)
	}
	fmt.Println(len(chunks), data[chunkSize-1], data[2*chunkSize-1], data[3*chunkSize-1])
	err = unix.Munmap(data[:10])
	fmt.Println("part:", err, err == unix.EINVAL)
	fmt.Println("whole:", unix.Munmap(data))
	err = unix.Munmap(data)
	fmt.Println("again:", err, err == unix.EINVAL)
	_, err = unix.Mmap(-1, 0, 0, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	fmt.Println("empty:", err)
	defer func() { recover() }()
	unix.Mmap(-1, 0, 100, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_SHARED) // refused
}
`

// TestXsysMmap runs xsysMmapProgram natively and interpreted, with the
// golang.org/x/sys of the module cache (skipped if it is not there: the
// test does not fetch): the same output up to the refused MAP_SHARED
// mapping at its end, which is an error at the program's line.
func TestXsysMmap(t *testing.T) {
	t.Parallel()
	const xsys = "golang.org/x/sys v0.34.0"
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n\nrequire "+xsys+"\n")
	writeFile(t, filepath.Join(dir, "main.go"), xsysMmapProgram)
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off")
	bin := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir, build.Env = dir, env
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("%s is not in the module cache: %v\n%s", xsys, err, out)
	}
	want := runNative(t, bin, dir)
	prog, err := Load(LoadConfig{Dir: dir, Env: env, Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	res := prog.Run("m", Config{Stdout: &stdout, Stderr: &stdout})
	if stdout.String() != want.stdout {
		t.Errorf("stdout differs\n--- native\n%s\n--- interpreted\n%s", want.stdout, stdout.String())
	}
	if res.Fault == nil || !strings.Contains(res.Fault.Error(), "main.go:35: unsupported: golang.org/x/sys/unix.Mmap(fd -1, offset 0, length 100, PROT_READ|PROT_WRITE, MAP_SHARED|MAP_ANON)") {
		t.Errorf("fault %v; want the MAP_SHARED mapping refused at main.go:35", res.Fault)
	}
}

// mmapFaultProgram writes a mapping, unmaps it and reads it again
// through the slice it kept: natively a fault, "unexpected fault
// address", fatal, whatever the program's recover.
const mmapFaultProgram = `package main

import (
	"fmt"
	"syscall"
)

func main() {
	defer func() { recover() }()
	for round := range 2 {
		b, err := syscall.Mmap(-1, 0, 3*4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			panic(err)
		}
		fmt.Println("round", round, "zero", b[0] == 0 && b[4096] == 0 && b[len(b)-1] == 0)
		for i := range b {
			b[i] = 1
		}
		if round == 0 {
			fmt.Println("munmap:", syscall.Munmap(b))
		}
	}
	b, _ := syscall.Mmap(-1, 0, 100, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	b[7] = 9
	syscall.Munmap(b)
	fmt.Println("unmapped")
	fmt.Println(b[7])
}
`

// TestMmapFaultAfterMunmap: an access through a slice after Munmap ends
// the program as natively, with Go's fatal fault (exit status 2, the
// byte's address), not a value; and a mapping's memory is zero in every
// execution, though host memory is reused from one to the next.
func TestMmapFaultAfterMunmap(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("mappings live on the Go heap elsewhere than on Linux: an access after munmap is not detected")
	}
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "main.go"), mmapFaultProgram)
	bin := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir, build.Env = dir, append(os.Environ(), goEnv...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("native build: %v\n%s", err, out)
	}
	want := runNative(t, bin, dir)
	prog, err := Load(LoadConfig{Dir: dir, Env: build.Env, Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	addr := regexp.MustCompile(`0x[0-9a-f]+`)
	for run := range 3 { // later runs reuse the host memory of earlier ones
		var stdout, stderr bytes.Buffer
		res := prog.Run("m", Config{Stdout: &stdout, Stderr: &stderr})
		if res.Fault != nil {
			t.Fatalf("run %d: fault %v", run, res.Fault)
		}
		got := runOutput{stdout.String(), addr.ReplaceAllString(stderr.String(), "ADDR"), res.ExitCode}
		w := runOutput{want.stdout, addr.ReplaceAllString(want.stderr, "ADDR"), want.code}
		if diff := compareRuns(w, got); diff != "" {
			t.Errorf("run %d: %s", run, diff)
		}
		if !strings.HasPrefix(stderr.String(), "unexpected fault address 0x") || !strings.Contains(stderr.String(), "fatal error: fault\n") {
			t.Errorf("run %d: stderr %q", run, stderr.String())
		}
	}
}

// TestMmapCharge: a mapping is charged for the pages the program
// touches (16 bytes a cell, as make([]byte) is charged), not for the
// pages it never touches, also when a loop writes them without a
// scheduling point; its address space (16 bytes a byte mapped) may not
// pass the bound either, and passing it is an mcheck limit naming the
// line.
func TestMmapCharge(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("mappings are charged as make([]byte) elsewhere than on Linux")
	}
	t.Parallel()
	prog, err := loadSrc(t, `package main

import (
	"syscall"
	"testing"
)

var sink []byte

func mmap(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	return b
}

func main() {}

func case_untouched(*testing.T) {
	b := mmap(4 << 20)
	syscall.Munmap(b)
}

func case_write(*testing.T) {
	b := mmap(4 << 20)
	for i := 0; i < len(b)/2; i += 64 {
		b[i] = 1
	}
	syscall.Munmap(b)
}

func case_loop(*testing.T) {
	b := mmap(4 << 20)
	for {
		for i := range b {
			b[i]++
		}
	}
}

func case_big(*testing.T) {
	sink = mmap(2 << 20)
	sink = mmap(3 << 20)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, bound int64) (*Machine, Result) {
		return runCase(t, prog, name, Config{MaxMemory: bound})
	}
	m, res := run("untouched", 128<<20)
	if res.Fault != nil || m.MemoryUsed() > 1<<20 {
		t.Errorf("untouched: fault %v, %d bytes charged; want little", res.Fault, m.MemoryUsed())
	}
	// Half of 4 MiB written: 2 Mi cells at 16 bytes.
	m, res = run("write", 128<<20)
	if want := int64(32 << 20); res.Fault != nil || m.MemoryUsed() < want || m.MemoryUsed() > want+1<<20 {
		t.Errorf("write: fault %v, %d bytes charged; want %d and a little", res.Fault, m.MemoryUsed(), want)
	}
	// A loop writing all of a 4 MiB mapping: 64 MiB of cells, charged
	// at a check of the loop's steps.
	_, res = run("loop", 64<<20)
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.HasPrefix(res.Fault.Error(), "out of memory: execution allocated more than 64 MiB; last allocation at /") {
		t.Errorf("loop: fault %v", res.Fault)
	}
	// 2 MiB and 3 MiB mapped: 80 MiB of address space.
	_, res = run("big", 64<<20)
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.HasPrefix(res.Fault.Error(), "out of memory: the execution's mappings take more than 64 MiB of address space") ||
		!strings.Contains(res.Fault.Error(), "/main.go:") {
		t.Errorf("big: fault %v", res.Fault)
	}
}

// TestMmapCellsHoldNoPointer: the self-check of the invariant of
// mappings in host memory (mmaphost_linux.go): a cell of a touched page
// that holds a reference, which the collector would not see, is an
// internal fault of the execution when it finishes.
func TestMmapCellsHoldNoPointer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("mappings live on the Go heap elsewhere than on Linux")
	}
	t.Parallel()
	prog, err := loadSrc(t, "package main\n\nfunc main() {}\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []bool{false, true} {
		m := prog.NewMachine(Config{})
		cells, r := m.mappingCells(10000)
		if r == nil {
			t.Skip("the host refused the mapping")
		}
		cells[9000] = value{n: 7}
		if bad {
			cells[5000] = value{r: "a string, which is a pointer"}
		}
		res := m.Finish()
		if got := res.Fault != nil && strings.Contains(res.Fault.Error(), "held a pointer"); got != bad {
			t.Errorf("pointer stored %v: fault %v", bad, res.Fault)
		}
	}
}

// TestMmapWithRaceDetection: a mapping made while the race detector
// tracks memory (a second goroutine exists) is a big array whose cells
// may be host memory outside the Go heap, where a weak pointer
// (memory.go's bigArrays) is a fatal error of the host: it lives until
// the execution ends. Two goroutines writing one of its bytes race;
// writing two bytes, they do not.
func TestMmapWithRaceDetection(t *testing.T) {
	t.Parallel()
	src := `package main

import (
	"fmt"
	"syscall"
	"testing"
)

func main() {}

func run(same bool) {
	done := make(chan bool)
	go func() { done <- true }()
	b, err := syscall.Mmap(-1, 0, 8192, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	b[100] = 7
	<-done
	fmt.Println(len(b), b[100], b[101])
	go func() { b[5000] = 1; b[6000] = 1; done <- true }()
	b[5001] = 2
	if same {
		b[6000] = 2
	}
	<-done
	if err := syscall.Munmap(b); err != nil {
		panic(err)
	}
	fmt.Println("unmapped")
}

func case_norace(*testing.T) { run(false) }
func case_race(*testing.T)   { run(true) }
`
	prog, err := loadSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	for name, race := range map[string]bool{"norace": false, "race": true} {
		var out bytes.Buffer
		m, res := runCase(t, prog, name, Config{Stdout: &out, Races: true, SharedPoints: true, RecordRaces: true})
		if res.Fault != nil || out.String() != "8192 7 0\nunmapped\n" {
			t.Fatalf("%s: fault %v, output %q", name, res.Fault, out.String())
		}
		if found := len(m.Races()) > 0; found != race {
			t.Errorf("%s: race found %v, want %v", name, found, race)
		}
	}
}

// TestBigPlainSliceInHostMemory: a large make of plain elements keeps its
// cells in host memory (bigPlainSlice): it costs its native size and the
// pages the program touches, not 16 bytes an element up front, so a
// cache's 256 MiB ring buffer fits in the default bound; its values
// behave as any slice's; a huge one is still out of memory; and two
// goroutines writing one element without synchronisation race, while
// writes to distinct elements do not.
func TestBigPlainSliceInHostMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("large arrays live on the Go heap elsewhere than on Linux")
	}
	t.Parallel()
	prog, err := loadSrc(t, `package main

import (
	"fmt"
	"testing"
)

var sink []byte

func main() {}

func case_ring(*testing.T) {
	b := make([]byte, 256<<20)
	for i := 0; i < len(b); i += 1 << 20 {
		b[i] = byte(i >> 20)
	}
	w := make([]uint64, 100, 1<<17)
	w[99] = 1 << 63
	f := make([]float32, 1<<16)
	f[7] = 0.5
	c := make([]byte, 1<<16)
	n := copy(c, b[1<<20:])
	w = append(w, 5)
	fmt.Println(b[0], b[1<<20], b[255<<20], b[1], n, c[0], len(w), cap(w), w[99], w[100], f[7], f[8])
	w = append(w[:cap(w)], 6) // grows into the Go heap
	fmt.Println(len(w), w[99], w[1<<17])
}

func case_huge(*testing.T) {
	sink = make([]byte, 1<<31)
}

func case_race(*testing.T) {
	b := make([]byte, 1<<20)
	done := make(chan bool)
	go func() { b[10] = 1; done <- true }()
	b[10] = 2
	<-done
}

func case_norace(*testing.T) {
	b := make([]byte, 1<<20)
	done := make(chan bool)
	go func() { b[10] = 1; done <- true }()
	b[11] = 2
	<-done
	fmt.Println(b[10], b[11])
}
`)
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, races bool) (*Machine, Result, string) {
		var out bytes.Buffer
		m, res := runCase(t, prog, name, Config{Stdout: &out, Races: races, SharedPoints: races, RecordRaces: races})
		return m, res, out.String()
	}
	m, res, out := run("ring", false)
	if want := "0 1 255 0 65536 1 101 131072 9223372036854775808 5 0.5 0\n131073 9223372036854775808 6\n"; res.Fault != nil || out != want {
		t.Errorf("ring: fault %v, output %q, want %q", res.Fault, out, want)
	}
	// 256 MiB of bytes, 1 MiB of words, 256 KiB of float32s natively,
	// the pages touched (256 of the bytes' and a few others), and the
	// 2 MiB the grown array takes on the Go heap; 16 bytes an element
	// would be more than 4 GiB.
	if used := m.MemoryUsed(); used < 256<<20 || used > 300<<20 {
		t.Errorf("ring: %d bytes charged; want the native size and a little", used)
	}
	_, res, _ = run("huge", false)
	if res.Fault == nil || !IsLimit(res.Fault) || !strings.HasPrefix(res.Fault.Error(), "out of memory: execution allocated more than 1 GiB; last allocation at /") {
		t.Errorf("huge: fault %v", res.Fault)
	}
	for _, c := range []struct {
		name string
		race bool
	}{{"race", true}, {"norace", false}} {
		// Both writes happen in every schedule, unordered or on
		// distinct words: one execution decides.
		m, res, out := run(c.name, true)
		if res.Fault != nil {
			t.Fatalf("%s: fault %v, output %q", c.name, res.Fault, out)
		}
		if found := len(m.Races()) > 0; found != c.race {
			t.Errorf("%s: race found %v, want %v (output %q)", c.name, found, c.race, out)
		}
	}
}
