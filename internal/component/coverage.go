package component

import (
	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

// coverMethods records in cov the pairs of methods plan runs on
// different goroutines of one phase, the part of a component check's
// coverage that Lincheck reports as the operations run in parallel: a
// random environment's calls of each goroutine against the others' (a
// pair once, in either order), and for a universal environment, whose
// goroutines may call any method, every pair of methods.
func coverMethods(cov *sched.Coverage, comp *envgen.Component, plan *envgen.Plan) {
	name := func(i int) string { return comp.Methods[i].Name }
	if plan.Env == envgen.Universal {
		if plan.Goroutines < 2 {
			return
		}
		for i := range comp.Methods {
			for j := i; j < len(comp.Methods); j++ {
				cov.AddMethods(name(i), name(j))
			}
		}
		return
	}
	phases := plan.Phases
	if phases == nil {
		phases = []int{len(plan.Threads)}
	}
	start := 0
	for _, n := range phases {
		threads := plan.Threads[start:min(start+n, len(plan.Threads))]
		start += n
		for a := range threads {
			for b := a + 1; b < len(threads); b++ {
				for _, x := range threads[a] {
					for _, y := range threads[b] {
						cov.AddMethods(name(x.Method), name(y.Method))
					}
				}
			}
		}
	}
}
