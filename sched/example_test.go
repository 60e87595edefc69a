package sched_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// conflictFirst is a strategy of one's own: at every choice it runs a
// goroutine whose next operation conflicts with the last one performed
// (the same object: a race for it), else a random one.
type conflictFirst struct {
	rng  *rand.Rand
	ex   *sched.Execution
	last sched.Op
}

func (s *conflictFirst) NewExecution(i int, seed uint64) bool {
	s.rng = rand.New(rand.NewPCG(seed, 0))
	return true
}
func (s *conflictFirst) Begin(ex *sched.Execution) { s.ex = ex }
func (s *conflictFirst) Performed(op sched.Op)     { s.last = op }
func (s *conflictFirst) NextNumber(n int) int      { return s.rng.IntN(n) }
func (s *conflictFirst) NextGoroutine(enabled []int, current int) int {
	for _, id := range enabled {
		if id != sched.Clock && id != s.last.G && sched.Dependent(s.ex.Pending(id), s.last) {
			return id
		}
	}
	return enabled[s.rng.IntN(len(enabled))]
}

// A strategy written outside package sched, passed with Options.Custom,
// sees every operation (Observer) and finds the lock-order deadlock of
// testdata/lockorder.
func Example_customStrategy() {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./...")
	if err != nil {
		panic(err)
	}
	target := sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start("schedtest/lockorder") }}
	rep, err := sched.Explore(target, sched.Options{
		Custom: func() sched.Strategy { return &conflictFirst{} },
		Seed:   1,
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: %s in execution %d\n", rep.Strategy, rep.Failure.Kind, rep.Failure.Execution)
	for _, g := range rep.Failure.Goroutines {
		fmt.Printf("goroutine %d [%s]: %s\n", g.ID, g.Op, g.Pos)
	}
	// Output:
	// custom: global deadlock in execution 0
	// goroutine 1 [sync.Mutex.Lock]: main.go:19
	// goroutine 2 [sync.Mutex.Lock]: main.go:14
}
