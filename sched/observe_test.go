package sched

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// lowestFirst runs the lowest enabled goroutine and records, as an
// Observer, every operation performed with its description.
type lowestFirst struct {
	ex  *Execution
	ops []Op
	log []string
}

func (s *lowestFirst) NewExecution(int, uint64) bool          { return true }
func (s *lowestFirst) NextGoroutine(enabled []int, _ int) int { return enabled[0] }
func (s *lowestFirst) NextNumber(int) int                     { return 0 }
func (s *lowestFirst) Begin(ex *Execution)                    { s.ex, s.ops, s.log = ex, nil, nil }
func (s *lowestFirst) Performed(op Op) {
	kind, pos := s.ex.Describe(op.G)
	s.ops = append(s.ops, op)
	s.log = append(s.log, fmt.Sprintf("g%d %s %s", op.G, kind, pos))
	if k, at := s.ex.Site(op.G); k != kind || s.ex.Where(at) != pos {
		s.log = append(s.log, fmt.Sprintf("Site says %s %s", k, s.ex.Where(at)))
	}
}

// TestObserverSeesEveryOperation: an Observer is told of every
// operation, forced or chosen, with what it touches (Site and Where
// saying what Describe says), and Dependent relates the operations on
// one channel.
func TestObserverSeesEveryOperation(t *testing.T) {
	s := &lowestFirst{}
	rep, err := Explore(target(t, "chanpair"), Options{Executions: 1, Workers: 1, SyncOnly: true, Custom: func() Strategy { return s }})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, []string{
		"g1 run ", "g1 go main.go:6", "g1 go main.go:7", "g2 run main.go:6",
		"g1 chan receive main.go:8", "g2 run main.go:6", "g3 run main.go:7", "g1 chan receive main.go:8",
	}, s.log)
	recv1, recv2 := s.ops[4], s.ops[7]
	require.Len(t, recv1.Access.Objects, 1, "a receive touches its channel")
	require.True(t, Dependent(recv1, recv2), "two receives on one channel")
	require.True(t, Dependent(s.ops[3], s.ops[5]), "two operations of one goroutine")
	require.False(t, Dependent(s.ops[3], s.ops[6]), "goroutines touching nothing shared")
	require.True(t, Dependent(s.ex.Pending(Clock), s.ops[6]), "the clock depends on everything")
}

// clockWatcher is lowestFirst that lets the clock fire whenever it may,
// and checks each time that Describe and Site say where its timer was
// set as NextTimer does.
type clockWatcher struct {
	lowestFirst
	fired []string
}

func (s *clockWatcher) NextGoroutine(enabled []int, current int) int {
	if slices.Contains(enabled, Clock) {
		return Clock
	}
	return s.lowestFirst.NextGoroutine(enabled, current)
}

func (s *clockWatcher) Performed(op Op) {
	s.lowestFirst.Performed(op)
	if op.G == Clock {
		_, want, _ := s.ex.m.NextTimer()
		_, pos := s.ex.Describe(Clock)
		kind, at := s.ex.Site(Clock)
		s.fired = append(s.fired, fmt.Sprintf("%s %s %v", kind, s.ex.Where(at), pos == want))
	}
}

// TestObserverSeesTheClock: the clock's operation is described by where
// the timer that fires was set.
func TestObserverSeesTheClock(t *testing.T) {
	s := &clockWatcher{}
	rep, err := Explore(target(t, "timerpark"), Options{Executions: 1, Workers: 1, Custom: func() Strategy { return s }})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, []string{"timer fires main.go:17 true"}, s.fired, "time.After's timer fires first, offered while the sleeper may still move")
}

// blindFirst is lowestFirst as an AccessBlind.
type blindFirst struct{ lowestFirst }

func (*blindFirst) AccessBlind() bool { return true }

// TestAccessBlindObserver: an AccessBlind observer is told of the same
// operations, each without what it touches; Pending still says it.
func TestAccessBlindObserver(t *testing.T) {
	s := &blindFirst{}
	rep, err := Explore(target(t, "chanpair"), Options{Executions: 1, Workers: 1, SyncOnly: true, Custom: func() Strategy { return s }})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	seeing := &lowestFirst{}
	_, err = Explore(target(t, "chanpair"), Options{Executions: 1, Workers: 1, SyncOnly: true, Custom: func() Strategy { return seeing }})
	require.NoError(t, err)
	require.Equal(t, seeing.log, s.log, "the same operations")
	for i, op := range s.ops {
		require.Equal(t, seeing.ops[i].G, op.G)
		require.Nil(t, op.Access.Objects, "op %d", i)
	}
	require.NotEmpty(t, seeing.ops[4].Access.Objects, "a receive, to an observer that reads it")
}
