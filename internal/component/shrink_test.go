package component

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

// methods lists the methods of plan's calls, goroutine by goroutine.
func methods(plan *envgen.Plan) []int {
	var ms []int
	for _, th := range plan.Threads {
		for _, c := range th {
			ms = append(ms, c.Method)
		}
	}
	return ms
}

// TestShrinkExplainsOnce checks shrinker.run with a fake search (a plan
// fails while it calls methods 1 and 2) and fake explanations: the
// explanation is asked once, for the smallest plan, unless that plan is
// explained, and then the plan kept is the smallest one not explained.
func TestShrinkExplainsOnce(t *testing.T) {
	plan := &envgen.Plan{Env: envgen.Random, Threads: [][]envgen.Call{
		{{Method: 0}, {Method: 1}, {Method: 3}, {Method: 0}},
		{{Method: 4}, {Method: 2}, {Method: 0}},
	}}
	fail := &sched.Failure{Kind: sched.GlobalDeadlock}
	searches := 0
	explore := func(p *envgen.Plan, o sched.Options, known []string) (*sched.Report, *runSnap, error) {
		searches++
		if ms := methods(p); slices.Contains(ms, 1) && slices.Contains(ms, 2) {
			return &sched.Report{Failure: fail}, &runSnap{}, nil
		}
		return &sched.Report{}, &runSnap{}, nil
	}
	for _, tc := range []struct {
		name      string
		explained func(ms []int) bool
		want      []int
		asked     int
	}{
		{"none explained", func([]int) bool { return false }, []int{1, 2}, 1},
		// Without method 3 the failure is the environment's own: the
		// first pass's plan is explained, and the second pass asks for
		// each of the 6 candidates that keep the failure, and keeps 3.
		{"explained without 3", func(ms []int) bool { return !slices.Contains(ms, 3) }, []int{1, 3, 2}, 1 + 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := 0
			why := func(p *envgen.Plan, f *sched.Failure, s *runSnap) (string, error) {
				asked++
				if tc.explained(methods(p)) {
					return "sequential", nil
				}
				return "", nil
			}
			sh := shrinker{explore: explore, deadline: time.Now().Add(time.Minute)}
			got, f, _, err := sh.run(plan, fail, &runSnap{}, why)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(methods(got), tc.want) || f != fail {
				t.Fatalf("shrunk to %v (%v), want %v", methods(got), f, tc.want)
			}
			if asked != tc.asked {
				t.Fatalf("explained %d plans, want %d", asked, tc.asked)
			}
			if methods(plan)[0] != 0 || plan.Calls() != 7 {
				t.Fatal("the plan given was changed")
			}
		})
	}

	// A budget spent while explaining leaves the plan as it was.
	sh := shrinker{explore: explore, deadline: time.Now().Add(time.Minute)}
	got, _, _, err := sh.run(plan, fail, &runSnap{}, func(*envgen.Plan, *sched.Failure, *runSnap) (string, error) {
		return "", errSpent
	})
	if err != nil || got != plan {
		t.Fatalf("spent budget: got %v, %v; want the plan given", methods(got), err)
	}
	// A failed search is an error.
	boom := errors.New("boom")
	sh.explore = func(*envgen.Plan, sched.Options, []string) (*sched.Report, *runSnap, error) { return nil, nil, boom }
	if _, _, _, err := sh.run(plan, fail, &runSnap{}, nil); !errors.Is(err, boom) {
		t.Fatalf("search error: got %v", err)
	}
}
