package ssainterp

import "testing"

// TestReusedFrameKeepsNoState: with Config.Fingerprints, a call that
// reuses the frame of an earlier call (Machine.enter's pooled case goes
// to newFrame, which clears it) hashes as if the frame were new: two
// executions that called work(1) or work(3) before work(5) reach the same
// state at work(5)'s Lock, though work's registers held 8 or 22.
func TestReusedFrameKeepsNoState(t *testing.T) {
	prog, err := loadSrc(t, `package main

import "sync"

var mu sync.Mutex

func work(x int) int {
	a := x * 7
	mu.Lock()
	b := a + 1
	mu.Unlock()
	return b
}

func first() {
	c1, c2 := make(chan int, 1), make(chan int, 1)
	c1 <- 1
	c2 <- 3
	var x int
	select {
	case x = <-c1:
	case x = <-c2:
	}
	work(x)
}

func main() {
	first()
	work(5)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	hashes := func(choice int) []uint64 {
		m := prog.NewMachine(Config{Fingerprints: true, Choose: func(int) int { return choice }})
		if err := m.Start("m"); err != nil {
			t.Fatal(err)
		}
		var hs []uint64
		for steps := 0; !m.Done() && steps < 1000; steps++ {
			en := m.Enabled()
			if len(en) == 0 {
				break
			}
			hs = append(hs, m.StateHash())
			m.StepID(en[0])
		}
		if res := m.Finish(); res.Fault != nil {
			t.Fatal(res.Fault)
		}
		return hs
	}
	a, b := hashes(0), hashes(1)
	if len(a) != len(b) || len(a) < 4 {
		t.Fatalf("%d and %d steps", len(a), len(b))
	}
	// The last two stops: work(5)'s Lock and Unlock (the two before are
	// work(x)'s, in states that differ).
	for i := len(a) - 2; i < len(a); i++ {
		if a[i] != b[i] {
			t.Errorf("stop %d of %d: hashes %x and %x differ", i, len(a), a[i], b[i])
		}
	}
}
