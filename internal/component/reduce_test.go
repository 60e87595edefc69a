package component

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// The default schedule: odd attempts go through the reductions in the
// order of Parizek and Plasil 2008 and then the unreduced protocol, even
// ones are unreduced.
func TestReductionSchedule(t *testing.T) {
	comp := &envgen.Component{Reduced: []envgen.Reduced{
		{Reduction: envgen.ParallelPrefixes}, {Reduction: envgen.SensitiveComposition}, {Reduction: envgen.RecursiveReduction},
	}}
	var got []envgen.Reduction
	for i := 1; i <= 10; i++ {
		got = append(got, reductionOf(comp, check.ComponentConfig{}, i))
	}
	u, pp, sc, rr := envgen.Unreduced, envgen.ParallelPrefixes, envgen.SensitiveComposition, envgen.RecursiveReduction
	assert.Equal(t, []envgen.Reduction{pp, u, sc, u, rr, u, u, u, pp, u}, got)
	assert.Equal(t, u, reductionOf(&envgen.Component{}, check.ComponentConfig{}, 1), "no reduction applies")
	one := &envgen.Component{Reduced: []envgen.Reduced{{Reduction: sc}}}
	assert.Equal(t, sc, reductionOf(one, check.ComponentConfig{Reduction: "sensitive"}, 2), "one reduction asked for: every attempt")
}

// OrderProcessor's lock-order deadlock, found in a trace of each
// reduction of the default protocol by the P1 weight of PlaceOrder and
// CancelOrder; the report names the reduction, and the token replays it.
func TestComponentReductions(t *testing.T) {
	dir := "../../examples/components/orderprocessor"
	id := check.ID{Pkg: "github.com/mcheck-dev/mcheck/examples/components/orderprocessor", Test: "checkBuggy"}
	for _, r := range []envgen.Reduction{envgen.ParallelPrefixes, envgen.SensitiveComposition, envgen.RecursiveReduction} {
		var c check.Config
		c.Seed, c.Executions, c.Workers = 1, 3000, 1
		c.Component.Reduction = envgen.ReductionNames[r]
		rep, err := CheckTest(dir, id, c)
		require.NoError(t, err)
		require.NotNil(t, rep.Failure, "%s", r)
		assert.Equal(t, sched.GlobalDeadlock, rep.Failure.Kind)
		assert.Equal(t, r, rep.Plan.Reduction)
		require.Len(t, rep.Component.Reduced, 1)
		text := (&check.Result{Component: rep}).Text()
		assert.Contains(t, text, "(a trace of "+rep.Component.Reduced[0].Protocol.String()+" (the "+r.String()+" of the default protocol by the P1–P4 weights))")

		c.Replay = rep.Token
		again, err := CheckTest(dir, id, c)
		require.NoError(t, err)
		require.NotNil(t, again.Failure, "%s: the token replays", r)
		assert.Equal(t, rep.Failure.Kind, again.Failure.Kind)
		assert.True(t, strings.Contains((&check.Result{Component: again}).Text(), r.String()), "the replayed report names the reduction")
	}
}
