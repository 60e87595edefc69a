package sched

import (
	"go/token"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"golang.org/x/tools/go/ssa"
)

// The strategy surface: what a strategy outside this package (guided
// search, DPOR, the heuristics) can see of an execution besides the
// choices it is asked to make. A Strategy that also implements Observer
// is told of every operation performed and can ask what each goroutine
// would do next; one that implements Pruner can stop an execution whose
// rest is redundant. Pass one to Explore with Options.Custom.

// Op is a visible operation of an execution: one a goroutine performed
// (Observer.Performed) or one it is stopped at (Execution.Pending).
// Execution.Describe says what it does and where, while it is pending.
type Op struct {
	// G is the goroutine, or Clock for the earliest pending timer
	// firing.
	G int
	// Access is what the operation touches: channels, sync objects and
	// memory, and whether it only reads. Dependent compares them.
	Access ssainterp.Access
}

// Dependent reports whether operations a and b may not commute: they
// belong to the same goroutine (program order), or they touch a common
// object and are not both reads, or one is the clock firing a timer
// (which may wake anything). Swapping two adjacent independent
// operations of an execution leads to the same state, so a search needs
// to try only one of their orders: dfs's sleep sets are built on this
// relation, and so is dynamic partial-order reduction.
func Dependent(a, b Op) bool {
	return a.G == b.G || a.Access.Dependent(b.Access)
}

// Observer is a Strategy that watches the executions it schedules.
type Observer interface {
	Strategy
	// Begin is called at the start of every execution, after
	// NewExecution and before the first operation. ex answers, until
	// the execution ends, what each goroutine is stopped at.
	Begin(ex *Execution)
	// Performed is called for every operation of the execution just
	// before it runs: the ones the strategy chose, and the forced ones
	// (only one goroutine could move, or the fair scheduler past the
	// step budget chose). Until it returns, ex.Describe(op.G) describes
	// the operation.
	Performed(op Op)
}

// An AccessBlind is an Observer that may not read the Access of the
// operations it is told of: when AccessBlind reports true, Performed gets
// each operation of a goroutine with G alone (what the operation touches
// is a new slice at every step otherwise). Ask Execution.Pending for an
// operation's Access when it is needed.
type AccessBlind interface {
	Observer
	AccessBlind() bool
}

// Pruner is a Strategy that may find the rest of an execution redundant
// (dfs: every enabled goroutine sleeps). The explorer asks after every
// operation; when Pruned reports true it stops the execution, which
// counts in Report.Pruned, not in Report.Executions, and finds no bug.
type Pruner interface {
	Strategy
	Pruned() bool
}

// A Diverger is a Strategy that replays a prefix of choices and can tell,
// once an execution is over, that the program did not follow it (dfs
// over a nondeterministic program): Explore reports the error instead of
// the execution's verdict.
type Diverger interface {
	Strategy
	Diverged() error
}

// A StateCache is a Pruner that prunes executions at states already seen
// (dfs with Options.StateCaching, heuristics.Guided's visited states):
// StateHit says the last execution pruned was cut at one, which Explore
// counts (Report.StateHits).
type StateCache interface {
	Pruner
	StateHit() bool
}

// Execution is what an Observer can ask of the execution in progress.
type Execution struct {
	m            *ssainterp.Machine
	prog         *ssainterp.Program // m's: a strategy may keep ex past its execution for the program alone (the distance tables)
	fingerprints bool               // Options.StateCaching: StateHash is a function of the state
	sched        func() uint64      // the scheduler's own state (runOne), nil for none
	enabled      int                // how many goroutines are enabled in the present state (run.schedule), -1: not known
	blocked      int                // how many were blocked when the enabled set was last computed
}

// Pending returns the operation goroutine id is stopped at, which it
// performs if it moves next, or for Clock the timer that would fire
// (Access.All: it depends on everything). A goroutine that has not
// reached a visible operation yet touches nothing shared.
func (e *Execution) Pending(id int) Op {
	if id == Clock {
		return Op{G: Clock, Access: ssainterp.Access{All: true}}
	}
	return Op{G: id, Access: e.m.PendingAccess(id)}
}

// Describe says what goroutine id's pending operation does and where,
// as a trace shows it: kind as Go's goroutine dumps spell blocking
// reasons ("chan send", "chan receive", "sync.Mutex.Lock",
// "sync/atomic", "read" and "write" of shared memory, "go", "sleep";
// "run" for a goroutine that has not reached its first visible
// operation), pos as "main.go:12". For Clock: "timer fires" and where
// the timer was set. It costs a formatted position: a strategy that
// needs only dependence should not call it at every step.
func (e *Execution) Describe(id int) (kind, pos string) {
	kind, at := e.Site(id)
	return kind, e.Where(at)
}

// Site is Describe without formatting the position: a strategy that
// asks at every step keys what it learns by the site and formats each
// position once (Where).
func (e *Execution) Site(id int) (kind string, pos token.Pos) {
	if id == Clock {
		pos, _ = e.m.NextTimerSite()
		return "timer fires", pos
	}
	return e.m.NextSite(id)
}

// Where formats pos as Describe does ("main.go:12").
func (e *Execution) Where(pos token.Pos) string { return e.m.ShortPos(pos) }

// Wait says what goroutine id's pending operation is, as a fact to
// compare (Describe's kind in words): ssainterp.WaitNone for Clock and
// for a goroutine not stopped at an operation. It costs no formatting.
func (e *Execution) Wait(id int) ssainterp.WaitReason {
	if id == Clock {
		return ssainterp.WaitNone
	}
	return e.m.Wait(id)
}

// Stack returns goroutine id's frames, outermost first: the SSA function
// of each and the instruction it is at (the innermost frame at the
// pending operation, a caller at its call). See ssainterp.Machine.Stack.
// Clock has none.
func (e *Execution) Stack(id int) []Frame {
	if id == Clock {
		return nil
	}
	return e.m.Stack(id)
}

// StateHash returns a fingerprint of the state of the execution: every
// goroutine's stack and registers, the reachable memory, the channels,
// sync objects, timers and the clock (ssainterp.Machine.StateHash; the
// race detector's happens-before history is not in it), and the
// scheduler's state that decides the alternatives (stateHash). Two executions
// in the same state hash alike whatever their schedule. It is kept
// incrementally: a call rehashes what changed since the last one. ok is false unless the exploration runs with
// Options.StateCaching: otherwise the interpreter reuses frames without
// clearing their registers, and the hash would depend on them.
func (e *Execution) StateHash() (h uint64, ok bool) {
	if !e.fingerprints {
		return 0, false
	}
	return e.stateHash(), true
}

// stateHash is the machine's hash with the scheduler's own state, which
// decides the alternatives it offers as much as the machine does: when
// each goroutine became runnable (whether a timer may fire early), the
// timers fired in a row, and the yields the fairness rule still honours
// (fair.go).
func (e *Execution) stateHash() uint64 {
	h := e.m.StateHash()
	if e.sched != nil {
		h = (h ^ e.sched()) * 1099511628211
	}
	return h
}

// A Frame is a frame of a goroutine's stack: its SSA function and the
// instruction it is at (Execution.Stack).
type Frame = ssainterp.Frame

// Program returns the SSA program the execution interprets. An analysis
// that uses its MethodSets cache (callgraph/rta) must run in Analyze.
func (e *Execution) Program() *ssa.Program { return e.prog.SSA() }

// Analyze runs f on the SSA program while no interpreter of the program
// uses its method-set cache.
func (e *Execution) Analyze(f func(*ssa.Program)) { e.prog.AnalyzeSSA(f) }

// Opaque reports whether the interpreter runs fn as one operation rather
// than by its SSA body (a model of a sync primitive, a function bridged
// natively): a distance through it is not its body's.
func (e *Execution) Opaque(fn *ssa.Function) bool { return e.prog.Opaque(fn) }
