package heuristics

import (
	"math/rand/v2"

	"github.com/mcheck-dev/mcheck/sched"
)

// random is the random heuristic of guided test (Rungta and Mercer 2008,
// Sect. 3.2, "Rand"): it "always returns a
// random value as the heuristic estimate", the baseline that shows what
// the guidance along the sequence does without any secondary guidance.
type random struct{ rng *rand.Rand }

// NewRandom returns the random heuristic, drawing from seed.
func NewRandom(seed uint64) Heuristic {
	return &random{rng: rand.New(rand.NewPCG(seed, 0x72616e64))}
}

func (*random) Name() string                 { return "random" }
func (*random) Begin(*sched.Execution)       {}
func (r *random) Estimate(int, Location) int { return r.rng.IntN(1 << 20) }
