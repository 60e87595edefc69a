package ssainterp

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestStack checks the frames Stack shows: a goroutine stopped at a
// visible operation, and unstarted goroutines of go statements whose
// function is static, a function value and an interface method.
func TestStack(t *testing.T) {
	prog, err := loadSrc(t, `package main

type T struct{}

func (T) M(ch chan int) { ch <- 3 }

type I interface{ M(chan int) }

func f(ch chan int) { ch <- 1 }

func run(ch chan int) { f(ch) }

func main() {
	ch := make(chan int)
	g := func(c chan int) { c <- 2 }
	var i I = T{}
	go run(ch)
	go g(ch)
	go i.M(ch)
	<-ch
	<-ch
	<-ch
}
`)
	if err != nil {
		t.Fatal(err)
	}
	m := prog.NewMachine(Config{})
	if err := m.Start("m"); err != nil {
		t.Fatal(err)
	}
	show := func(id int) string {
		var b []string
		for _, f := range m.Stack(id) {
			b = append(b, fmt.Sprintf("%s@%v", f.Fn.Name(), f.Instr))
		}
		return strings.Join(b, " ")
	}
	for range 4 { // main runs to its three go statements, then its receive
		m.StepID(1)
	}
	for id, want := range map[int]string{
		1: "main@<-t0",
		2: "run@f(ch)",
		3: "main$1@send c <- 2:int",
		4: "M@send ch <- 3:int",
	} {
		if got := show(id); got != want {
			t.Errorf("goroutine %d: stack %q, want %q", id, got, want)
		}
	}
	m.StepID(2) // run calls f, which stops at its send
	if got, want := show(2), "run@f(ch) f@send ch <- 1:int"; got != want {
		t.Errorf("goroutine 2 at its send: stack %q, want %q", got, want)
	}
	m.Finish()
}

// TestOpaque: a modelled sync method and a bridged function are opaque,
// an interpreted function is not.
func TestOpaque(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"strings"
	"sync"
)

func main() {
	var mu sync.Mutex
	mu.Lock()
	_ = strings.ToUpper("x")
	mu.Unlock()
}
`)
	if err != nil {
		t.Fatal(err)
	}
	main := prog.packageByPath("m").Func("main")
	found := map[string]bool{}
	for _, b := range main.Blocks {
		for _, ins := range b.Instrs {
			if c, ok := ins.(*ssa.Call); ok {
				if f := c.Call.StaticCallee(); f != nil {
					found[f.String()] = prog.Opaque(f)
				}
			}
		}
	}
	want := map[string]bool{"(*sync.Mutex).Lock": true, "(*sync.Mutex).Unlock": true, "strings.ToUpper": true}
	for name, opaque := range want {
		if got, ok := found[name]; !ok || got != opaque {
			t.Errorf("Opaque(%s) = %v (called: %v), want %v", name, got, ok, opaque)
		}
	}
	if prog.Opaque(main) {
		t.Errorf("Opaque(main.main) = true, want false")
	}
}
