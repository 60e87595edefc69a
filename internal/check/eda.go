package check

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/splitmix"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// The EDA search (heuristics.EDA, seed eda-ngram-search.txt) as a
// strategy of the check: -mcheck.strategy=eda, with the fitness metric of
// -mcheck.fitness, and in the portfolio for the part of a budget that
// outlives the first part without a bug. Its model is kept next to the
// test's saved failures, testdata/mcheck/<Test>/model, and is the first
// generation's model of the next run.

// ModelFile is the name of the EDA model in a test's corpus directory.
const ModelFile = "model"

// edaSearch is one EDA exploration: its options, where its model is
// kept, and the search of the last exploration (to save its model).
type edaSearch struct {
	opts heuristics.EDAOptions
	file string // "" when there is no corpus to keep the model in
	last *heuristics.EDA
	note string
}

// newEDASearch prepares an EDA search with fitness for the test whose
// corpus is corpus ("" for none), loading the model saved there. A model
// that cannot be read is ignored with a note.
func newEDASearch(fitness string, corpus Corpus) (*edaSearch, error) {
	if fitness == "" {
		fitness = DefaultFitness
	}
	f, err := heuristics.ParseFitness(fitness)
	if err != nil {
		return nil, err
	}
	s := &edaSearch{opts: heuristics.EDAOptions{Fitness: f}}
	if corpus == "" {
		return s, nil
	}
	s.file = filepath.Join(string(corpus), ModelFile)
	b, err := os.ReadFile(s.file)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err == nil {
		s.opts.Model, err = heuristics.LoadModel(bytes.NewReader(b))
	}
	if err != nil {
		s.note = fmt.Sprintf("%s ignored: %v", s.file, err)
	}
	return s, nil
}

// options returns o set to explore with a new EDA search: one worker,
// since the search learns from every execution in order.
func (s *edaSearch) options(o sched.Options) sched.Options {
	o.Strategy = "eda/" + s.opts.Fitness.String()
	o.Workers = 1
	o.Custom = func() sched.Strategy {
		s.last = heuristics.NewEDA(s.opts)
		return s.last
	}
	return o
}

// explore runs an exploration of target with the EDA.
func (s *edaSearch) explore(target sched.Target, o sched.Options) (*sched.Report, error) {
	rep, err := sched.Explore(target, s.options(o))
	if err == nil && s.last != nil && s.last.Note() != "" {
		s.note = s.last.Note()
	}
	return rep, err
}

// save writes the model of the last exploration, led by the failure of
// rep if it found one, to the corpus.
func (s *edaSearch) save(rep *sched.Report) error {
	if s.file == "" || s.last == nil {
		return nil
	}
	failed := -1
	if rep.Failure != nil {
		failed = rep.Failure.Execution
	}
	m := s.last.Learned(failed)
	if m.Blank() {
		return nil
	}
	var b bytes.Buffer
	if err := m.Save(&b, s.opts.Fitness.String()); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(s.file, b.Bytes(), 0o644)
}

// exploreEDA is Explore's search with the EDA strategy: the model of the
// corpus first, the model learned saved there after.
func exploreEDA(target sched.Target, corpus Corpus, c Config) (*RunReport, error) {
	s, err := newEDASearch(c.Fitness, corpus)
	if err != nil {
		return nil, err
	}
	rep, err := s.explore(target, c.Options)
	if err != nil {
		return nil, err
	}
	if err := s.save(rep); err != nil {
		return nil, fmt.Errorf("mcheck could not save the EDA model: %w", err)
	}
	return &RunReport{Report: rep, Note: s.note}, nil
}

// portfolioEDA is the portfolio's second part (issue 15, seed Sect. V:
// the EDA wins on large spaces and loses on small ones): when the
// default portfolio spent the first half of its budget without a bug,
// the other half goes to the EDA, a third for each fitness metric
// (global deadlock, leak, race). The phases take their seeds from the
// exploration's, so a budget in executions gives the same search every
// time. The model found with a bug is saved in the corpus.
func portfolioEDA(target sched.Target, corpus Corpus, c Config) (*RunReport, error) {
	start := time.Now()
	if c.Executions == 0 && c.Time == 0 {
		c.Executions = 10000 // sched's default
	}
	first := c.Options
	first.Executions, first.Time = half(c.Executions), c.Time/2
	rep, err := sched.Explore(target, first)
	if err != nil || rep.Failure != nil || rep.Exhausted {
		return &RunReport{Report: rep}, err
	}
	total := *rep
	left := budget{c.Executions - first.Executions, c.Time - rep.Elapsed}
	seed := c.Seed
	var notes []string
	for i, fitness := range heuristics.Fitnesses {
		phases := len(heuristics.Fitnesses) - i
		o := c.Options
		seed = splitmix.Next(seed)
		o.Seed = seed
		o.Executions, o.Time = left.share(phases, start, c.Time)
		if o.Executions <= 0 && c.Executions > 0 {
			break
		}
		s, err := newEDASearch(fitness, corpus)
		if err != nil {
			return nil, err
		}
		r, err := s.explore(target, o)
		if err != nil {
			return nil, err
		}
		if s.note != "" {
			notes = append(notes, s.note)
		}
		if c.Executions > 0 {
			left.execs -= r.Executions + r.Inconclusive
		}
		if r.Failure != nil {
			r.Failure.Execution += total.Executions
			total.Failure = r.Failure
			total.Strategy = "portfolio, then " + r.Strategy
			if err := s.save(r); err != nil {
				return nil, fmt.Errorf("mcheck could not save the EDA model: %w", err)
			}
		}
		total.Executions += r.Executions
		total.Inconclusive += r.Inconclusive
		total.Steps += r.Steps
		total.States = max(total.States, r.States)
		total.Races = append(total.Races, r.Races...)
		if r.Failure != nil {
			break
		}
	}
	total.Elapsed = time.Since(start)
	rep = &total
	out := &RunReport{Report: rep}
	if len(notes) > 0 {
		out.Note = notes[0]
	}
	return out, nil
}

// budget is what is left of a budget for the EDA phases.
type budget struct {
	execs int
	time  time.Duration
}

// share returns the budget of the next of phases phases: an equal part
// of the executions left, and of the time left until start+total.
func (b budget) share(phases int, start time.Time, total time.Duration) (int, time.Duration) {
	var d time.Duration
	if total > 0 {
		d = max(time.Until(start.Add(total))/time.Duration(phases), time.Millisecond)
	}
	if b.execs <= 0 {
		return 0, d
	}
	return b.execs / phases, d
}

func half(n int) int {
	if n <= 0 {
		return 0
	}
	return max(1, n/2)
}

// attemptOptions returns the options of a component check's attempt i
// (from 1) with budget b: with the strategy eda, the EDA with c's
// fitness; in the default portfolio, the EDA for every attempt after the
// first whose budget holds at least two generations (or is a time
// budget), its fitness going round the metrics from one attempt to the
// next; otherwise c.Options.
func attemptOptions(c Config, i int, b restarts.Budget) (sched.Options, error) {
	fitness := c.Fitness
	switch {
	case c.Strategy == "eda":
	case (c.Strategy == "" || c.Strategy == DefaultStrategy) && i > 1 &&
		(b.Time > 0 || b.Executions >= 2*heuristics.DefaultPopulation):
		fitness = heuristics.Fitnesses[(i-2)%len(heuristics.Fitnesses)]
	default:
		return c.Options, nil
	}
	s, err := newEDASearch(fitness, "")
	if err != nil {
		return sched.Options{}, err
	}
	return s.options(c.Options), nil
}
