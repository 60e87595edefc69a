package ssainterp

import (
	"bytes"
	"strings"
	"testing"
)

// TestRandFollowsSeed: math/rand's and math/rand/v2's global functions
// and the runtime's fastrand draw from the execution's seed: equal seeds
// give equal numbers, another seed others.
func TestRandFollowsSeed(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"fmt"
	"math/rand"
	v2 "math/rand/v2"
	"time"
	_ "unsafe"
)

//go:linkname fastrand runtime.fastrand
func fastrand() uint32

func main() {
	fmt.Println(rand.Intn(1000), rand.Int63(), rand.Float64(), rand.Perm(5), rand.Int31n(7), rand.Uint32())
	xs := []int{1, 2, 3, 4, 5, 6}
	rand.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	fmt.Println(xs, rand.NormFloat64(), rand.ExpFloat64())
	fmt.Println(v2.IntN(1000), v2.Uint64(), v2.Int32N(9), v2.N(time.Duration(1000)), v2.N(uint8(200)), v2.Perm(4), v2.Float32())
	v2.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	b := make([]byte, 4)
	rand.Read(b)
	fmt.Println(xs, b, fastrand())
}
`)
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) string {
		var out, errb bytes.Buffer
		res := prog.Run("m", Config{Seed: seed, Stdout: &out, Stderr: &errb})
		if res.Fault != nil || res.ExitCode != 0 {
			t.Fatalf("seed %d: fault %v, exit %d, stderr %s", seed, res.Fault, res.ExitCode, errb.String())
		}
		return out.String()
	}
	a, b, c := run(1), run(1), run(2)
	if a != b {
		t.Errorf("seed 1 twice gave different numbers:\n%s\n%s", a, b)
	}
	if a == c {
		t.Errorf("seeds 1 and 2 gave the same numbers:\n%s", a)
	}
	if strings.Count(a, "\n") != 4 {
		t.Errorf("output:\n%s", a)
	}
}

// TestRandBadArguments: the models panic as the native functions do.
func TestRandBadArguments(t *testing.T) {
	_, stdout, _ := runSrc(t, `package main

import (
	"fmt"
	"math/rand"
	v2 "math/rand/v2"
)

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

func main() {
	try(func() { rand.Intn(0) })
	try(func() { v2.IntN(-1) })
	try(func() { v2.N(0) })
	try(func() { rand.Perm(-1) })
	try(func() { v2.Shuffle(-1, nil) })
}
`, Config{})
	want := "invalid argument to Intn\ninvalid argument to IntN\ninvalid argument to N\nruntime error: makeslice: len out of range\ninvalid argument to Shuffle\n"
	if stdout != want {
		t.Errorf("got\n%s\nwant\n%s", stdout, want)
	}
}
