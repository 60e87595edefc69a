package heuristics

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

type printer struct {
	rng  *rand.Rand
	ex   *sched.Execution
	hs   []Heuristic
	goal Location
	n    int
}

func (r *printer) NewExecution(i int, seed uint64) bool { r.rng = rand.New(rand.NewPCG(seed, 1)); return true }
func (r *printer) Begin(ex *sched.Execution) {
	r.ex = ex
	for _, h := range r.hs {
		h.Begin(ex)
	}
}
func (r *printer) Performed(sched.Op) {}
func (r *printer) NextGoroutine(enabled []int, current int) int {
	if r.n < 60 {
		r.n++
		s := ""
		for _, g := range enabled {
			fs := r.ex.Stack(g)
			top := "-"
			if len(fs) > 0 {
				f := fs[len(fs)-1]
				top = f.Fn.Name()
				if f.Instr != nil {
					top += fmt.Sprintf(":%d", f.Fn.Prog.Fset.Position(f.Instr.Pos()).Line)
				}
			}
			s += fmt.Sprintf(" g%d[%s d=%d]", g, top, len(fs))
			for _, h := range r.hs {
				s += fmt.Sprintf(" %s=%d", h.Name(), h.Estimate(g, r.goal))
			}
		}
		fmt.Println(s)
	}
	return enabled[r.rng.IntN(len(enabled))]
}
func (r *printer) NextNumber(n int) int { return r.rng.IntN(n) }

func TestAdhoc(t *testing.T) {
	target, err := checktest.LoadTest("../examples/twostage", "github.com/mcheck-dev/mcheck/examples/twostage", "twoStage7")
	if err != nil {
		t.Fatal(err)
	}
	rec := &printer{hs: []Heuristic{NewPFSM(), NewFSM()}, goal: Location{"twostage.go", 52}}
	_, err = sched.Explore(target, sched.Options{Custom: func() sched.Strategy { return rec }, Workers: 1, Executions: 1, Seed: 1, NoRaces: true})
	if err != nil {
		t.Fatal(err)
	}
}
