package check

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/splitmix"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// The EDA search (heuristics.EDA, Staunton and Clark 2010) as a
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
	opts  heuristics.EDAOptions
	file  string // "" when there is no corpus to keep the model in
	saved []byte // the saved model, read from file (nil: none, or not usable)
	last  *heuristics.EDA
	note  string
}

// newEDASearch prepares an EDA search with fitness for the test whose
// corpus is corpus ("" for none), loading the model saved there. A model
// that cannot be read is ignored with a note.
func newEDASearch(fitness string, corpus Corpus) (*edaSearch, error) {
	s, err := edaSearchWith(fitness, nil)
	if err != nil || corpus == "" {
		return s, err
	}
	s.file = filepath.Join(string(corpus), ModelFile)
	s.saved, s.note = readModel(s.file)
	return s, nil
}

// edaSearchWith prepares an EDA search with fitness whose searches start
// from the saved model saved (nil: blank).
func edaSearchWith(fitness string, saved []byte) (*edaSearch, error) {
	if fitness == "" {
		fitness = DefaultFitness
	}
	f, err := heuristics.ParseFitness(fitness)
	if err != nil {
		return nil, err
	}
	return &edaSearch{opts: heuristics.EDAOptions{Fitness: f}, saved: saved}, nil
}

// readModel reads the model saved in file: nil and no note if there is
// none, nil and a note saying why if it cannot be used.
func readModel(file string) ([]byte, string) {
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ""
	}
	if err == nil {
		_, err = heuristics.LoadModel(bytes.NewReader(b))
	}
	if err != nil {
		return nil, fmt.Sprintf("%s ignored: %v", file, err)
	}
	return b, ""
}

// options returns o set to explore with a new EDA search: one worker,
// since the search learns from every execution in order.
func (s *edaSearch) options(o sched.Options) sched.Options {
	o.Strategy = "eda/" + s.opts.Fitness.String()
	o.Workers = 1
	o.Custom = func() sched.Strategy {
		if s.note == "" && s.last != nil {
			s.note = s.last.Note() // of the search before, in a component's attempt
		}
		opts := s.opts
		if s.saved != nil {
			// Each search its own copy: a search adds to its model's alphabet.
			// (It loads: readModel loaded the same bytes.)
			opts.Model, _ = heuristics.LoadModel(bytes.NewReader(s.saved))
		}
		s.last = heuristics.NewEDA(opts)
		return s.last
	}
	return o
}

// lastNote returns what the searches said about the saved model.
func (s *edaSearch) lastNote() string {
	if s.note == "" && s.last != nil {
		return s.last.Note()
	}
	return s.note
}

// explore runs an exploration of target with the EDA.
func (s *edaSearch) explore(target sched.Target, o sched.Options) (*sched.Report, error) {
	rep, err := sched.Explore(target, s.options(o))
	s.note = s.lastNote()
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
	return writeModel(s.file, s.last.Learned(failed), s.opts.Fitness)
}

// writeModel writes m, learned under fitness, to file; a blank model is
// not written.
func writeModel(file string, m *heuristics.Model, fitness heuristics.Fitness) error {
	if m.Blank() {
		return nil
	}
	var b bytes.Buffer
	if err := m.Save(&b, fitness.String()); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// exploreEDA is Explore's search with the EDA strategy: the model of the
// corpus first, the model learned saved there after.
func exploreEDA(target sched.Target, _ ID, corpus Corpus, c Config) (*RunReport, error) {
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

// portfolioEDA is the portfolio's second part (Staunton and Clark 2010,
// Sect. V: the EDA wins on large spaces and loses on small ones): when the
// default portfolio spent the first half of its budget without a bug,
// the other half goes to the EDA, a third for each fitness metric
// (global deadlock, leak, race). The phases take their seeds from the
// exploration's, so a budget in executions gives the same search every
// time. The model found with a bug is saved in the corpus.
func portfolioEDA(target sched.Target, _ ID, corpus Corpus, c Config) (*RunReport, error) {
	start := time.Now()
	if c.Executions == 0 && c.Time == 0 {
		c.Executions = sched.DefaultExecutions
	}
	first := c.Options
	first.Strategy = sched.RandomPCT
	first.Executions, first.Time = half(c.Executions), c.Time/2
	first.Grace = untilHard(start, c.Time, first.Time)
	rep, err := sched.Explore(target, first)
	if err != nil {
		return nil, err
	}
	rep.Strategy = DefaultStrategy // the portfolio's first part
	if rep.Failure != nil || rep.Exhausted {
		return &RunReport{Report: rep}, nil
	}
	total := *rep
	left := budget{c.Executions - first.Executions, c.Time - rep.Elapsed}
	seed := c.Seed
	var notes []string
	for i, fitness := range heuristics.Fitnesses {
		if c.Time > 0 && time.Since(start) >= c.Time {
			break // the time budget is spent (a phase would still run one execution)
		}
		phases := len(heuristics.Fitnesses) - i
		o := c.Options
		seed = splitmix.Next(seed)
		o.Seed = seed
		o.Executions, o.Time = left.share(phases, start, c.Time)
		o.Grace = untilHard(start, c.Time, o.Time)
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
			// Saved before the failure's execution counts the first
			// part's: the model is led by the failing path of this search.
			if err := s.save(r); err != nil {
				return nil, fmt.Errorf("mcheck could not save the EDA model: %w", err)
			}
			r.Failure.Execution += total.Executions
			total.Failure = r.Failure
			total.Strategy = DefaultStrategy + ", then " + r.Strategy
		}
		total.Executions += r.Executions
		total.Inconclusive += r.Inconclusive
		total.Steps += r.Steps
		total.States = max(total.States, r.States)
		total.Races = append(total.Races, r.Races...)
		if r.Interrupted != "" {
			total.Interrupted = r.Interrupted
		}
		total.Slack += r.Slack
		total.SlackExample = cmp.Or(total.SlackExample, r.SlackExample)
		total.Pairs, total.PairsStale, total.Saturated = r.Pairs, r.PairsStale, r.Saturated // the coverage is shared
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

// untilHard is the grace of a part of the portfolio given d of a time
// budget total that began at start: an execution running when the part's
// budget is spent goes on until the whole budget's grace is (when the
// whole begins). A program of which one execution takes longer than a
// part's share (a stress test of thousands of operations) so still
// finishes one, where each part would have cut its own.
func untilHard(start time.Time, total, d time.Duration) time.Duration {
	if total <= 0 {
		return 0
	}
	return max(time.Until(start.Add(total+sched.DeadlineGrace(total)))-d, sched.DeadlineGrace(d))
}

func half(n int) int {
	if n <= 0 {
		return 0
	}
	return max(1, n/2)
}

// ComponentModels is the EDA model of a component check
// (mcheck.Component), kept in the test's corpus like Run's: read once
// before the attempts, it is the first generation's model of every EDA
// search of every attempt (each search loads its own copy, so that
// attempts on parallel workers share nothing), and after them the model
// of one attempt is saved in its place. That attempt is the one that
// found the bug (the lowest, as package restarts reports it), or, with
// the strategy eda and no bug, the last attempt that ran the EDA; in the
// default portfolio a check without a bug saves nothing, as Run's. Which
// attempts ran, and so the model saved, is the same for any number of
// workers under a budget in executions.
type ComponentModels struct {
	file     string // "" when there is no corpus to keep the model in
	saved    []byte // the saved model (nil: none, or not usable)
	note     string // why the saved model was not read
	mu       sync.Mutex
	searches map[int]*edaSearch // the EDA search of each attempt that runs one
}

// NewComponentModels reads the model saved in corpus ("": none).
func NewComponentModels(corpus Corpus) *ComponentModels {
	m := &ComponentModels{searches: map[int]*edaSearch{}}
	if corpus != "" {
		m.file = filepath.Join(string(corpus), ModelFile)
		m.saved, m.note = readModel(m.file)
	}
	return m
}

// AttemptOptions returns the options of a component check's attempt i
// (from 1) with budget b: with the strategy eda, the EDA with c's
// fitness; in the default portfolio, the EDA for every attempt after the
// first whose budget holds at least two generations (or is a time
// budget), its fitness going round the metrics from one attempt to the
// next; otherwise c.Options. The EDA starts from the saved model. The
// search of attempt i is recorded for save unless i is 0 (shrinking).
func (m *ComponentModels) AttemptOptions(c Config, i int, b restarts.Budget) (sched.Options, error) {
	fitness := c.Fitness
	switch {
	case c.Strategy == "eda":
	case (c.Strategy == "" || c.Strategy == DefaultStrategy) && i > 1 &&
		(b.Time > 0 || b.Executions >= 2*heuristics.DefaultPopulation):
		fitness = heuristics.Fitnesses[(i-2)%len(heuristics.Fitnesses)]
	default:
		return c.Options, nil
	}
	s, err := edaSearchWith(fitness, m.saved)
	if err != nil {
		return sched.Options{}, err
	}
	if i > 0 {
		m.mu.Lock()
		m.searches[i] = s
		m.mu.Unlock()
	}
	return s.options(c.Options), nil
}

// Save writes the model of the check whose restart loop did out, and
// whose failure (if out found one) the exploration found returned, to
// the corpus; it returns the note to print about the saved model read
// at the start ("" if it was used, or there was none): why it was not
// read, or, from the lowest attempt that says so, that it no longer
// matches the code.
func (m *ComponentModels) Save(c Config, out *restarts.Outcome, found *sched.Report) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	note := m.note
	var last int // the last attempt that ran the EDA
	for i := 1; i <= out.Attempts; i++ {
		s := m.searches[i]
		if s == nil || s.last == nil {
			continue
		}
		last = i
		if note == "" {
			note = s.lastNote()
		}
	}
	failed, at := -1, last
	switch {
	case out.Found != nil:
		at = out.FoundBy
		failed = found.Failure.Execution
	case c.Strategy != "eda":
		at = 0
	}
	s := m.searches[at]
	if m.file == "" || s == nil || s.last == nil {
		return note, nil
	}
	if err := writeModel(m.file, s.last.Learned(failed), s.opts.Fitness); err != nil {
		return note, fmt.Errorf("mcheck could not save the EDA model: %w", err)
	}
	return note, nil
}
