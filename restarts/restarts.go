package restarts

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mcheck-dev/mcheck/internal/splitmix"
)

// Strategy is a restart strategy (Parizek and Kalibera 2010, Section 6):
// Multiplier(i) is k_i, the multiple of the unit budget that attempt i
// (counted from 1) gets.
type Strategy struct {
	Name       string
	Doc        string
	Multiplier func(i int) float64
}

// Strategies are the restart strategies by name, the default first.
// Adding one is one line here.
var Strategies = []Strategy{
	{"luby", "the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...", func(i int) float64 { return float64(luby(i)) }},
	{"fixed", "the same budget for every attempt", func(int) float64 { return 1 }},
	{"walsh", "geometric, ratio √2", func(i int) float64 { return math.Pow(math.Sqrt2, float64(i-1)) }},
}

// DefaultStrategy is the restart strategy when none is named: the best of
// Parizek and Kalibera 2010's over their components.
const DefaultStrategy = "luby"

// Names lists the names of Strategies, the default first.
func Names() []string {
	names := make([]string, len(Strategies))
	for i, s := range Strategies {
		names[i] = s.Name
	}
	return names
}

// Multiplier returns k_i, the multiple of the unit budget that attempt i
// (counted from 1) gets under strategy.
func Multiplier(strategy string, i int) (float64, error) {
	if i < 1 {
		return 0, fmt.Errorf("restarts: attempt %d: attempts count from 1", i)
	}
	for _, s := range Strategies {
		if s.Name == strategy {
			return s.Multiplier(i), nil
		}
	}
	return 0, fmt.Errorf("restarts: unknown strategy %q (want %s)", strategy, strings.Join(Names(), ", "))
}

// luby is the k_i of Parizek and Kalibera 2010 (Section 6): 2^(n-1) if i = 2^n - 1, and k_(i - 2^(n-1) + 1)
// if 2^(n-1) <= i < 2^n - 1.
func luby(i int) int {
	for {
		n := 1
		for (1<<n)-1 < i {
			n++
		}
		if i == (1<<n)-1 {
			return 1 << (n - 1)
		}
		i = i - (1 << (n - 1)) + 1
	}
}

// Budget is an amount of search: executions, time, or both (whichever
// runs out first). Zero fields are unlimited.
type Budget struct {
	Executions int
	Time       time.Duration
}

// scale multiplies b by k (at least one execution, one millisecond).
func (b Budget) scale(k float64) Budget {
	s := Budget{}
	if b.Executions > 0 {
		s.Executions = max(1, int(math.Round(float64(b.Executions)*k)))
	}
	if b.Time > 0 {
		s.Time = max(time.Millisecond, time.Duration(float64(b.Time)*k))
	}
	return s
}

// Config sets up a restart loop.
type Config struct {
	Strategy string // "fixed", "luby" or "walsh"; "" or "none": a single attempt with Total
	Unit     Budget // the unit budget u
	Total    Budget // when to give up (zero fields: never, on that count)
	Attempts int    // at most this many attempts (0: no bound)
	Workers  int    // attempts run in parallel (default GOMAXPROCS)
	Seed     uint64 // attempt i's seed derives from it
	// Stop, if set, is asked before each attempt is handed out: true
	// ends the loop there (Outcome.Stopped), as a spent budget does (a
	// caller's coverage that stopped growing).
	Stop func() bool
}

// Attempt runs attempt i (from 1) with the given seed and budget.
type Attempt func(i int, seed uint64, b Budget) (Result, error)

// Result is what an attempt did.
type Result struct {
	Found      bool // it found a bug
	Exhausted  bool // it explored its whole space, no bug
	Executions int
	Bug        any // the attempt's own description of the bug
}

// Outcome is what a restart loop did.
type Outcome struct {
	Attempts   int     // attempts run (up to and including the one that found the bug)
	Executions int     // executions in those attempts
	Found      *Result // the bug of the lowest attempt that found one, or nil
	FoundBy    int     // which attempt
	Elapsed    time.Duration
	Stopped    bool // Config.Stop ended the loop
}

// Run runs attempts under c until one finds a bug or the total budget
// (or the number of attempts) is spent.
func Run(c Config, attempt Attempt) (*Outcome, error) {
	single, err := c.normalize()
	if err != nil {
		return nil, err
	}
	l := &loop{c: c, single: single, start: time.Now(), next: 1, results: map[int]Result{}}
	var wg sync.WaitGroup
	for range c.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.work(attempt)
		}()
	}
	wg.Wait()
	if l.firstErr != nil {
		return nil, l.firstErr
	}
	return l.outcome(), nil
}

// normalize checks c and fills in its defaults: Workers, and a single
// attempt on one worker when there is no strategy (single).
func (c *Config) normalize() (single bool, err error) {
	if c.Unit.Time < 0 || c.Unit.Executions < 0 || c.Total.Time < 0 || c.Total.Executions < 0 {
		return false, fmt.Errorf("restarts: negative budget (unit %+v, total %+v)", c.Unit, c.Total)
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	single = c.Strategy == "" || c.Strategy == "none"
	if single {
		c.Attempts, c.Workers = 1, 1
	} else if _, err := Multiplier(c.Strategy, 1); err != nil {
		return false, err
	}
	if !single && c.Unit == (Budget{}) {
		return false, fmt.Errorf("restarts: strategy %s needs a unit budget", c.Strategy)
	}
	return single, nil
}

// loop is the state of a restart loop, shared by its workers.
type loop struct {
	c      Config
	single bool // one attempt with the total budget
	start  time.Time

	mu       sync.Mutex
	next     int            // the next attempt to hand out
	foundAt  int            // lowest attempt with a bug so far (0: none)
	results  map[int]Result // by attempt
	spent    int            // executions of finished attempts, and budgets of running ones
	firstErr error
	stopped  bool // Config.Stop ended the loop
}

// work runs attempts until take says the loop is over.
func (l *loop) work(attempt Attempt) {
	for {
		i, b, ok := l.take()
		if !ok {
			return
		}
		r, err := guarded(attempt, i, Seed(l.c.Seed, i), b)
		l.report(i, b, r, err)
	}
}

// take hands out the next attempt and its budget, or false when the
// loop is over.
func (l *loop) take() (int, Budget, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &l.c
	i := l.next
	if l.firstErr != nil || (l.foundAt > 0 && i > l.foundAt) || (c.Attempts > 0 && i > c.Attempts) {
		return 0, Budget{}, false
	}
	if c.Stop != nil && l.foundAt == 0 && c.Stop() {
		l.stopped = true
		return 0, Budget{}, false
	}
	b := c.Total
	if !l.single {
		k, _ := Multiplier(c.Strategy, i)
		b = c.Unit.scale(k)
	}
	if c.Total.Time > 0 {
		left := c.Total.Time - time.Since(l.start)
		if left <= 0 {
			return 0, Budget{}, false
		}
		if b.Time == 0 || b.Time > left {
			b.Time = left
		}
	}
	if c.Total.Executions > 0 {
		left := c.Total.Executions - l.spent
		if left <= 0 {
			return 0, Budget{}, false
		}
		if b.Executions == 0 || b.Executions > left {
			b.Executions = left
		}
		l.spent += b.Executions // reserved until the attempt reports
	}
	l.next++
	return i, b, true
}

// report records what attempt i, given budget b, did.
func (l *loop) report(i int, b Budget, r Result, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.results[i] = r
	if l.c.Total.Executions > 0 {
		l.spent += r.Executions - b.Executions
	} else {
		l.spent += r.Executions
	}
	if err != nil && l.firstErr == nil {
		l.firstErr = err
	}
	if r.Found && (l.foundAt == 0 || i < l.foundAt) {
		l.foundAt = i
	}
}

// outcome is what the loop did, once its workers are done, counted as
// if the attempts had run one after the other.
func (l *loop) outcome() *Outcome {
	out := &Outcome{Elapsed: time.Since(l.start), Stopped: l.stopped && l.foundAt == 0}
	for i := 1; i < l.next; i++ {
		if l.foundAt > 0 && i > l.foundAt {
			break
		}
		r := l.results[i]
		out.Attempts++
		out.Executions += r.Executions
	}
	if l.foundAt > 0 {
		r := l.results[l.foundAt]
		out.Found, out.FoundBy = &r, l.foundAt
	}
	return out
}

// Seed derives attempt i's seed from the loop's (SplitMix64).
func Seed(seed uint64, i int) uint64 {
	return splitmix.Next(seed ^ (uint64(i) * 0xd1b54a32d192ed03))
}

// guarded calls attempt, turning a panic of mcheck's own code on a
// worker's host goroutine (which would kill the test binary) into the
// attempt's error.
func guarded(attempt Attempt, i int, seed uint64, b Budget) (r Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("mcheck internal error (a fault of mcheck, not of the program): %v\n%s", p, debug.Stack())
		}
	}()
	return attempt(i, seed, b)
}
