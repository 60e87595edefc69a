package sched

import (
	"math/rand/v2"
	"slices"
)

// pct is the PCT strategy (Burckhardt, Kothari, Musuvathi and
// Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of
// Finding Bugs", ASPLOS 2010): every goroutine gets a random priority
// above depth d when it is first seen, and the highest-priority enabled
// goroutine always runs. At d-1 change points, drawn uniformly from the
// expected number of steps k, the running goroutine's priority drops to
// i (the i-th change point), below every initial priority. A bug of depth
// d is found with probability at least 1/(n k^(d-1)).
type pct struct {
	depth   int
	k       int // estimate of the number of choice points of an execution
	rng     *rand.Rand
	src     rand.PCG  // rng's source
	prio    []float64 // by goroutine id; 0: none yet (every priority is at least 1)
	changes []int     // choice-point indexes where a priority drops
	step    int
}

func newPCT(depth int) *pct {
	if depth <= 0 {
		depth = DefaultPCTDepth
	}
	return &pct{depth: depth, k: 64}
}

func (p *pct) NewExecution(i int, seed uint64) bool {
	p.rng = seeded(p.rng, &p.src, seed, 0x706374)
	clear(p.prio)
	p.changes = p.changes[:0]
	for range p.depth - 1 {
		p.changes = append(p.changes, 1+p.rng.IntN(p.k))
	}
	p.step = 0
	return true
}

// priority returns goroutine id's priority, drawn when first asked.
func (p *pct) priority(id int) float64 {
	p.prio = grow(p.prio, id, 0)
	if p.prio[id] == 0 {
		p.prio[id] = float64(p.depth) + 1 + p.rng.Float64()
	}
	return p.prio[id]
}

func (p *pct) NextGoroutine(enabled []int, current int) int {
	p.step++
	best := func() int {
		b, bp := enabled[0], 0.0
		for k, id := range enabled[1:] {
			ip := p.priority(id)
			if k == 0 {
				bp = p.priority(b) // asked after the second's, as always: the draws' order is the schedules'
			}
			if ip > bp {
				b, bp = id, ip
			}
		}
		return b
	}
	chosen := best()
	if i := slices.Index(p.changes, p.step); i >= 0 {
		// Change point i+1: the goroutine that would run is demoted.
		p.prio = grow(p.prio, chosen, 0)
		p.prio[chosen] = float64(i + 1)
		chosen = best()
	}
	return chosen
}

func (p *pct) NextNumber(n int) int { return p.rng.IntN(n) }
