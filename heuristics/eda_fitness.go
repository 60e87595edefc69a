package heuristics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcheck-dev/mcheck/sched"
)

// Fitness names the metric that ranks the paths of an EDA generation
// that found no bug (Staunton and Clark 2010, Sect. IV.E). The
// explorer stops at the first path with an error, so Algorithm 2's first
// two cases (an error wins; of two errors the shorter path wins) decide
// only which path the saved model learns from (EDA.Learned); every
// ranking inside the search is the metric's.
type Fitness int

const (
	// Blocked is Algorithm 3: the number of blocked goroutines summed
	// over the states of the path. It leads to global deadlocks.
	Blocked Fitness = iota
	// Leak leads to partial deadlocks, goroutines blocked forever when
	// the test returns: first the goroutines blocked in the last state
	// the path reaches, then blocking late in the path (each state's
	// blocked goroutines weighted by its position, over the length).
	Leak
	// Race leads to data races and atomicity violations: pairs of
	// conflicting operations of different goroutines on the same object
	// (not both reads) that follow each other on it, each counting 1/d
	// for d steps between them. Adjacent conflicting accesses leave the
	// least room for an ordering between them.
	Race
)

// Fitnesses are the metrics by name, as options spell them, in the
// order of Fitness. Adding one is one line here, its constant above and
// its case in scorer.
var Fitnesses = []string{"blocked", "leak", "race"}

// DefaultFitness is the metric when none is named: Staunton and Clark
// 2010's.
const DefaultFitness = "blocked"

// FitnessNames lists the names of the metrics.
func FitnessNames() []string { return slices.Clone(Fitnesses) }

func (f Fitness) String() string {
	if int(f) < len(Fitnesses) {
		return Fitnesses[f]
	}
	return fmt.Sprintf("Fitness(%d)", int(f))
}

// ParseFitness returns the metric named s.
func ParseFitness(s string) (Fitness, error) {
	for i, n := range Fitnesses {
		if n == s {
			return Fitness(i), nil
		}
	}
	return 0, fmt.Errorf("unknown EDA fitness %q (want %s)", s, strings.Join(Fitnesses, ", "))
}

// scorer computes one path's metric as its operations are performed.
type scorer struct {
	f       Fitness
	steps   int
	sum     float64 // Blocked: Σ blocked; Leak: Σ (i+1)·blocked_i
	last    int     // Leak: blocked goroutines in the last state seen
	lastUse map[any]use
}

// use is the last operation on an object (Race).
type use struct {
	g     int
	step  int
	write bool
}

func newScorer(f Fitness) scorer {
	s := scorer{f: f}
	if f == Race {
		s.lastUse = map[any]use{}
	}
	return s
}

// performed accounts for op, performed in the state ex is in.
func (s *scorer) performed(ex *sched.Execution, op sched.Op) {
	s.steps++
	switch s.f {
	case Blocked:
		s.sum += float64(ex.NumBlocked())
	case Leak:
		s.last = ex.NumBlocked()
		s.sum += float64(s.steps * s.last)
	case Race:
		write := !op.Access.Read
		for _, o := range op.Access.Objects {
			if u, ok := s.lastUse[o]; ok && u.g != op.G && (u.write || write) {
				s.sum += 1 / float64(s.steps-u.step)
			}
			s.lastUse[o] = use{g: op.G, step: s.steps, write: write}
		}
	}
}

// score is the path's metric: higher is fitter.
func (s *scorer) score() float64 {
	if s.f == Leak {
		w := 0.0
		if s.steps > 0 {
			w = s.sum / float64(s.steps)
		}
		return float64(s.last) + w/(1+w) // the last state first, then the weighted sum
	}
	return s.sum
}
