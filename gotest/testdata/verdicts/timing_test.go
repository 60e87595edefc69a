package verdicts

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
)

// fetch gives up on its 5ms deadline; the worker sends its result after
// 2ms of work on an unbuffered channel, and leaks whenever the machine
// stalls it 3ms more: a real leak, however long the stall it needs.
func fetch(buffered int) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	res := make(chan int, buffered)
	go func() {
		time.Sleep(2 * time.Millisecond)
		res <- 42
	}()
	select {
	case v := <-res:
		return v
	case <-ctx.Done():
		return -1
	}
}

func TestTimeoutLeak(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { fetch(0) })
}

// TestTimeoutLeakFixed: the buffered channel lets the late worker go.
func TestTimeoutLeakFixed(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { fetch(1) })
}

// sum starts its goroutines and, with addInside, calls wg.Add inside
// them, after a sleep meant to let them start: Go's most common
// WaitGroup misuse. Wait may return before any Add, and the read of
// total races with the goroutines' writes.
func sum(addInside bool) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := range 3 {
		if !addInside {
			wg.Add(1)
		}
		go func() {
			if addInside {
				wg.Add(1)
			}
			defer wg.Done()
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	time.Sleep(10 * time.Millisecond) // "long enough for them to start"
	wg.Wait()
	return total
}

func TestAddInside(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { sum(true) })
}

func TestAddInsideFixed(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		if got := sum(false); got != 3 {
			t.Errorf("sum = %d, want 3", got)
		}
	})
}

// TestSlack asserts that a goroutine answers within 50ms: a machine
// can stall it longer, so the assertion is timing slack, not a bug,
// and no leak is left (the channel is buffered).
func TestSlack(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan bool, 1)
		go func() { done <- true }()
		select {
		case <-done:
		case <-time.After(50 * time.Millisecond):
			t.Error("the goroutine took more than 50ms")
		}
	})
}

// TestSlackLeak fails the test when the answer takes over 50ms, and the
// late goroutine then blocks on its unbuffered channel: the leak is the
// failed assertion's, timing slack too (the test would have failed for
// the stall before it could leak).
func TestSlackLeak(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan bool)
		go func() { done <- true }()
		select {
		case <-done:
		case <-time.After(50 * time.Millisecond):
			t.Fatal("the goroutine took more than 50ms")
		}
	})
}

type answer struct{ v int }

func (a *answer) value() int { return a.v }

// TestSlackPanic fails the test when the answer takes over 50ms and then
// uses the missing answer, as tests do after t.Error: the panic follows
// the failed assertion, timing slack too.
func TestSlackPanic(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan *answer, 1)
		go func() { done <- &answer{42} }()
		var a *answer
		select {
		case a = <-done:
		case <-time.After(50 * time.Millisecond):
			t.Error("the goroutine took more than 50ms")
		}
		_ = a.value()
	})
}

// TestStallPanic panics when the answer takes over 50ms, with no failed
// assertion before: a bug of the code, however long the stall it needs.
func TestStallPanic(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan *answer, 1)
		go func() { done <- &answer{42} }()
		var a *answer
		select {
		case a = <-done:
		case <-time.After(50 * time.Millisecond):
		}
		_ = a.value()
	})
}
