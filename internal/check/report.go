package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/sched"
)

// Result is one check of one test, as a front end got it: the report of
// the exploration (Run) or of the component check (Component), or the
// reason mcheck could not run it (Err).
type Result struct {
	ID        ID
	Run       *RunReport
	Component *ComponentReport
	Err       error  // mcheck could not run the test
	Replay    string // the replay command, with TOKEN standing for the token
	Saved     string // the corpus file the failure was saved to
	Corpus    Corpus // where a failure replayed from the corpus was saved
	Main      bool   // a main program (mcheck explore): its output is shown with a failure
}

// Failure returns the bug found, or nil.
func (r *Result) Failure() *sched.Failure {
	switch {
	case r.Run != nil && r.Run.Report != nil:
		return r.Run.Failure
	case r.Component != nil:
		return r.Component.Failure
	}
	return nil
}

// Found reports whether the check found a bug (a failure, or data races
// recorded with -recordraces) or fails for an mcheck.Sometimes whose
// condition never held.
func (r *Result) Found() bool {
	return r.Failure() != nil || r.Run != nil && (len(r.Run.Races) > 0 || len(r.Run.Unmet) > 0)
}

// Token returns the replay token of the failure, with the test's
// identity ("" if none).
func (r *Result) Token() string {
	f := r.Failure()
	switch {
	case f == nil:
		return ""
	case r.Component != nil:
		return r.ID.Token(r.Component.Token)
	}
	return r.ID.Token(f.Schedule.Token())
}

// Save saves the failure found (not one replayed) in corpus.
func (r *Result) Save(corpus Corpus) {
	if r.Failure() == nil || corpus == "" || r.Run != nil && r.Run.Replayed || r.Component != nil && r.Component.Replayed {
		return
	}
	if r.Run != nil && r.Run.FromCorpus || r.Component != nil && r.Component.FromCorpus {
		r.Corpus = corpus
		return
	}
	if path, err := corpus.Save(r.Token()); err == nil {
		r.Saved = path
	}
}

// WriteTrace writes the whole trace of the failure found (if any) to
// a new file os.TempDir()/mcheck-TEST-*.trace, which the report then
// names.
func (r *Result) WriteTrace() error {
	f := r.Failure()
	if f == nil {
		return nil
	}
	w, err := os.CreateTemp("", "mcheck-"+r.ID.Test+"-*.trace")
	if err != nil {
		return err
	}
	path := w.Name()
	err = f.WriteTrace(w, r.Replay)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		f.TraceFile = path
	}
	return err
}

// WriteTraceView writes the failing execution (if any) as trace-event
// JSON for a trace viewer (sched.Failure.WriteTraceEvents) to a new file
// os.TempDir()/mcheck-TEST-*.trace.json, which the report then names.
func (r *Result) WriteTraceView() error {
	f := r.Failure()
	if f == nil {
		return nil
	}
	w, err := os.CreateTemp("", "mcheck-"+r.ID.Test+"-*"+sched.ViewTraceSuffix)
	if err != nil {
		return err
	}
	path := w.Name()
	err = f.WriteTraceEvents(w, r.ID.Test, r.Replay)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		f.TraceFile = path
	}
	return err
}

// Verdicts of a check besides the kinds of bug (sched.Kind): see
// Result.Verdict.
const (
	VerdictClean      = "clean"
	VerdictNotChecked = "not checked"
	VerdictError      = "error"
)

// Verdict returns the check's verdict in a word or two: "clean", the
// kind of the bug found ("data race", "partial deadlock", "test
// failed", ...; sched.Kind), "not checked" (no execution finished, see
// NotChecked) or "error" (mcheck could not run the test).
func (r *Result) Verdict() string {
	var nc *NotChecked
	switch {
	case errors.As(r.Err, &nc):
		return VerdictNotChecked
	case r.Err != nil:
		return VerdictError
	case r.Failure() != nil:
		return string(r.Failure().Kind)
	case r.Run != nil && len(r.Run.Races) > 0:
		return string(sched.DataRace) // recorded races
	case r.Run != nil && len(r.Run.Unmet) > 0:
		return SometimesNeverHeld
	}
	return VerdictClean
}

// An Attr is a fact of a check as go test -json carries it: the front
// end gives each to testing.T.Attr, which prints it as an event
// {"Action":"attr","Key":...,"Value":...}.
type Attr struct{ Key, Value string }

// Attrs returns the facts of the check for testing.T.Attr, in this
// order: mcheck.verdict (Verdict), mcheck.token (the replay token of a
// failure), mcheck.executions and mcheck.inconclusive (the executions
// run and those discarded as inconclusive; not for a check mcheck could
// not run), then the coverage of a search that counted it: mcheck.pairs
// (the ordering pairs covered, sched.Coverage), mcheck.pairs.stale (the
// executions since the last new one), mcheck.methodpairs (mcheck.Component:
// the pairs of methods run on different goroutines), and
// mcheck.saturated ("true" when the search stopped early, its coverage
// saturated).
func (r *Result) Attrs() []Attr {
	out := []Attr{{"mcheck.verdict", r.Verdict()}}
	if tok := r.Token(); tok != "" {
		out = append(out, Attr{"mcheck.token", tok})
	}
	var execs, inconclusive int
	var cov Coverage
	switch {
	case r.Run != nil:
		execs, inconclusive, cov = r.Run.Executions, r.Run.Inconclusive, r.Run.coverage()
	case r.Component != nil:
		execs, inconclusive, cov = r.Component.Executions, r.Component.Inconclusive, r.Component.Coverage
	default:
		var nc *NotChecked
		if !errors.As(r.Err, &nc) {
			return out
		}
		inconclusive = nc.Inconclusive
	}
	out = append(out, Attr{"mcheck.executions", strconv.Itoa(execs)}, Attr{"mcheck.inconclusive", strconv.Itoa(inconclusive)})
	if cov.Pairs > 0 || cov.MethodPairs > 0 {
		out = append(out, Attr{"mcheck.pairs", strconv.Itoa(cov.Pairs)}, Attr{"mcheck.pairs.stale", strconv.Itoa(cov.Stale)})
		if r.Component != nil {
			out = append(out, Attr{"mcheck.methodpairs", strconv.Itoa(cov.MethodPairs)})
		}
		out = append(out, Attr{"mcheck.saturated", strconv.FormatBool(cov.Saturated)})
	}
	return out
}

// Coverage is what a search covered (sched.Coverage): the ordering
// pairs of conflicting operations, the executions since the last new
// one, for mcheck.Component the pairs of methods its environments ran
// on different goroutines, and whether the search stopped early because
// its coverage saturated (sched.Options.Saturate).
type Coverage struct {
	Pairs       int  `json:"pairs,omitempty"`
	Stale       int  `json:"pairs_stale,omitempty"`
	MethodPairs int  `json:"method_pairs,omitempty"`
	Saturated   bool `json:"saturated,omitempty"`
}

// coverage returns the coverage of the search.
func (rep *RunReport) coverage() Coverage {
	if rep.Report == nil {
		return Coverage{}
	}
	return Coverage{Pairs: rep.Pairs, Stale: rep.PairsStale, Saturated: rep.Saturated}
}

// Text returns the report as mcheck prints it.
func (r *Result) Text() string {
	if r.Err != nil {
		msg := r.Err.Error()
		if !strings.HasPrefix(msg, "mcheck ") { // "mcheck could not run ...", not "mcheck.Budget ..."
			msg = "mcheck: " + msg
		}
		return msg + "\n"
	}
	var b strings.Builder
	f := r.Failure()
	replay := ""
	if f != nil && r.Replay != "" {
		replay = strings.ReplaceAll(r.Replay, "TOKEN", r.Token())
	}
	// The headline first (the failure's, or the summary), then the
	// notes: a tool that annotates the first line of a failure reads
	// "mcheck: KIND: summary" there.
	var found string
	var notes []string
	if rep := r.Run; rep != nil {
		if rep.Note != "" {
			notes = append(notes, rep.Note)
		}
		switch {
		case f != nil:
			b.WriteString(f.Format(replay))
			writeOutput(&b, "program output", failureOutput(f))
			found = fmt.Sprintf("found by %s after %d executions in %v\n", rep.By(), rep.Executions, rep.Elapsed.Round(time.Millisecond))
		case len(rep.Races) > 0:
			fmt.Fprintf(&b, "mcheck: %d executions (%s), %d data races recorded\n", rep.Executions, rep.By(), len(rep.Races))
		case len(rep.Unmet) > 0:
			msg := sometimesMessage(rep.Unmet, rep.Report)
			fmt.Fprintf(&b, "mcheck: %s: %s\n", SometimesNeverHeld, strings.ReplaceAll(msg, "\n", "\n  "))
			fmt.Fprintf(&b, "mcheck: %s\n", rep.Summary())
		default:
			fmt.Fprintf(&b, "mcheck: %s\n", rep.Summary())
		}
		if f == nil {
			writeOutput(&b, "output of the last execution", rep.Output)
		}
		for _, race := range rep.Races {
			fmt.Fprintf(&b, "mcheck: data race (recorded): %s\n", race.Message)
		}
	}
	if rep := r.Component; rep != nil {
		notes = append(notes, rep.Component.Notes...)
		if rep.Note != "" {
			notes = append(notes, rep.Note)
		}
		switch {
		case f != nil:
			b.WriteString(f.Format(replay))
			writeOutput(&b, "program output", failureOutput(f))
			b.WriteString(rep.Advice())
			found = fmt.Sprintf("found in environment %d (%s) after %d executions in %v%s\n", rep.Attempts, rep.Plan.Kind(rep.Component), rep.Executions, rep.Elapsed.Round(time.Millisecond), onShard(rep.Shard))
		case rep.Exhausted:
			fmt.Fprintf(&b, "mcheck: %s: explored all %d schedules of the environment, no bug\n", rep.Component.Ctor, rep.Executions)
		default:
			fmt.Fprintf(&b, "mcheck: %s: %d environments, %d executions in %v%s, no bug%s\n", rep.Component.Ctor, rep.Attempts, rep.Executions, rep.Elapsed.Round(time.Millisecond), onShard(rep.Shard), rep.Coverage.text())
		}
		if rep.Discarded > 0 {
			fmt.Fprintf(&b, "mcheck: %d environments; %d failures discarded, not concurrency bugs: %s\n", rep.Attempts, rep.Discarded, rep.Why)
		}
		if rep.Undecided > 0 && f == nil {
			fmt.Fprintf(&b, "mcheck: %d failures (the first a %s) found as the time budget ran out were not decided by the sequential baseline: saved, the next run decides them first (or raise the time budget)\n", rep.Undecided, rep.UndecidedKind)
		}
	}
	for _, n := range notes {
		fmt.Fprintf(&b, "mcheck: %s\n", n)
	}
	if r.Corpus != "" {
		fmt.Fprintf(&b, "(saved in %s)\n", r.Corpus)
		return b.String()
	}
	b.WriteString(found)
	if r.Saved != "" {
		fmt.Fprintf(&b, "saved: %s\n", r.Saved)
	}
	return b.String()
}

// onShard says which shard a search was (" on shard 3/4"), or "".
func onShard(s sched.Shard) string {
	if s.Whole() {
		return ""
	}
	return " on shard " + s.String()
}

// Report is the outcome of one check as mcheck.Check returns it and as
// mcheck test -json and go test -mcheck.json=FILE write it: one JSON
// object per check, on a line of its own. Its schema:
//
//	package      the test's package path
//	test         the test's name ("main" for mcheck explore)
//	outcome      "bug", "clean" or "error" (mcheck could not run the test)
//	kind         the kind of bug: "global deadlock", "partial deadlock",
//	             "panic", "livelock", "exit status", "nondeterminism",
//	             "test failed", "data race", or "sometimes never held"
//	             (the condition of an mcheck.Sometimes call held in no
//	             execution)
//	message      the runtime's words, or why
//	locations    file:line of what the failure is about: where each
//	             goroutine is blocked, the two racing accesses, the line
//	             of a failed t.Error
//	goroutines   the goroutines involved: id, state (the operation it is
//	             blocked in, as a goroutine dump names it), pos, func,
//	             created (file:line of its go statement)
//	environment  mcheck.Component: the calls of each goroutine
//	token        the replay token, with the test's identity
//	replay       the command that replays the failure
//	saved        the corpus file the failure was saved to
//	figures      strategy, shard ("i/n" when the search was split:
//	             -mcheck.shard), executions, inconclusive (executions
//	             discarded: past the step bound, or cut by the time
//	             budget), environments (mcheck.Component), elapsed_ms,
//	             exhausted (every schedule explored), and the coverage:
//	             pairs (ordering pairs of conflicting operations
//	             covered), pairs_stale (executions since the last new
//	             one), method_pairs (mcheck.Component: pairs of methods
//	             run on different goroutines), saturated (the search
//	             stopped early, its coverage saturated)
//	error        outcome "error": why mcheck could not run the test
//	text         the report as mcheck prints it
type Report struct {
	Package     string      `json:"package"`
	Test        string      `json:"test"`
	Outcome     string      `json:"outcome"`
	Kind        string      `json:"kind,omitempty"`
	Message     string      `json:"message,omitempty"`
	Locations   []string    `json:"locations,omitempty"`
	Goroutines  []Goroutine `json:"goroutines,omitempty"`
	Environment string      `json:"environment,omitempty"`
	Token       string      `json:"token,omitempty"`
	Replay      string      `json:"replay,omitempty"`
	Saved       string      `json:"saved,omitempty"`
	Figures     Figures     `json:"figures"`
	Error       string      `json:"error,omitempty"`
	Text        string      `json:"text"`
}

// Goroutine is a goroutine of a Report.
type Goroutine struct {
	ID      int    `json:"id"`
	State   string `json:"state"`
	Pos     string `json:"pos,omitempty"`
	Func    string `json:"func,omitempty"`
	Created string `json:"created,omitempty"`
}

// Figures are what a check did.
type Figures struct {
	Strategy     string  `json:"strategy,omitempty"`
	Shard        string  `json:"shard,omitempty"`
	Executions   int     `json:"executions"`
	Inconclusive int     `json:"inconclusive,omitempty"`
	Environments int     `json:"environments,omitempty"`
	ElapsedMS    float64 `json:"elapsed_ms"`
	Exhausted    bool    `json:"exhausted,omitempty"`
	Coverage
}

// Outcomes of a Report.
const (
	OutcomeBug   = "bug"
	OutcomeClean = "clean"
	OutcomeError = "error"
)

// lineRef is a file:line at the start of a message (a failed t.Error).
var lineRef = regexp.MustCompile(`^[\w.-]+\.go:\d+`)

// Report returns r as a Report.
func (r *Result) Report() *Report {
	rep := &Report{Package: r.ID.Pkg, Test: r.ID.Test, Outcome: OutcomeClean, Text: r.Text()}
	if r.Err != nil {
		rep.Outcome, rep.Error = OutcomeError, r.Err.Error()
		return rep
	}
	var elapsed time.Duration
	if run := r.Run; run != nil {
		rep.Figures = Figures{Strategy: run.Strategy, Shard: run.Shard.String(), Executions: run.Executions, Inconclusive: run.Inconclusive, Exhausted: run.Exhausted, Coverage: run.coverage()}
		elapsed = run.Elapsed
		switch {
		case len(run.Races) > 0:
			rep.Outcome, rep.Kind = OutcomeBug, string(sched.DataRace)
		case len(run.Unmet) > 0:
			rep.Outcome, rep.Kind = OutcomeBug, SometimesNeverHeld
			rep.Message, rep.Locations = sometimesMessage(run.Unmet, run.Report), sometimesLocations(run.Unmet)
		}
	}
	if c := r.Component; c != nil {
		rep.Figures = Figures{Shard: c.Shard.String(), Executions: c.Executions, Inconclusive: c.Inconclusive, Environments: c.Attempts, Exhausted: c.Exhausted, Coverage: c.Coverage}
		elapsed = c.Elapsed
	}
	rep.Figures.ElapsedMS = float64(elapsed.Microseconds()) / 1000
	f := r.Failure()
	if f == nil {
		return rep
	}
	rep.Outcome, rep.Kind, rep.Message, rep.Environment = OutcomeBug, string(f.Kind), f.Message, f.Environment
	rep.Token, rep.Saved = r.Token(), r.Saved
	if r.Replay != "" {
		rep.Replay = strings.ReplaceAll(r.Replay, "TOKEN", rep.Token)
	}
	if race := f.Race; race != nil {
		rep.Locations = append(rep.Locations, race.Current.Pos, race.Previous.Pos)
	}
	if m := lineRef.FindString(f.Message); m != "" {
		rep.Locations = append(rep.Locations, m)
	}
	for _, g := range f.Goroutines {
		rep.Goroutines = append(rep.Goroutines, Goroutine{ID: g.ID, State: g.Op, Pos: g.Pos, Func: g.Func, Created: g.Created})
		if f.Race == nil && g.Pos != "" && !slices.Contains(rep.Locations, g.Pos) {
			rep.Locations = append(rep.Locations, g.Pos)
		}
	}
	return rep
}

// AppendJSON appends rep to the file path as a line of JSON.
func AppendJSON(path string, rep *Report) error {
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(b, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeOutput writes a block of program output (boundOutput), if any,
// under a title.
func writeOutput(b *strings.Builder, title, out string) {
	if out = strings.TrimRight(out, "\n"); out != "" {
		fmt.Fprintf(b, "%s:\n  %s\n", title, strings.ReplaceAll(out, "\n", "\n  "))
	}
}
