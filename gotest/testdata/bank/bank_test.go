package bank

import (
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
)

func TestTransfer(t *testing.T) {
	a, b := &Account{ID: 1, Balance: 100}, &Account{ID: 2, Balance: 100} // set up before Run
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); Transfer(a, b, 10) }()
		go func() { defer wg.Done(); Transfer(b, a, 20) }()
		wg.Wait()
		if a.Balance+b.Balance != 200 {
			t.Errorf("money appeared or vanished")
		}
	})
}

func TestTransferFixed(t *testing.T) {
	a, b := &Account{ID: 1, Balance: 100}, &Account{ID: 2, Balance: 100}
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); TransferOrdered(a, b, 10) }()
		go func() { defer wg.Done(); TransferOrdered(b, a, 20) }()
		wg.Wait()
		if a.Balance != 110 || b.Balance != 90 {
			t.Errorf("balances %d %d", a.Balance, b.Balance)
		}
	}, mcheck.Strategy("dfs"), mcheck.Preemptions(-1), mcheck.SyncOnly())
}

func TestLeak(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		results := make(chan int)
		for i := range 2 {
			go func() { results <- i }()
		}
		<-results // the other sender blocks forever
	})
}

// TestFatal fails with t.Fatal in the body: a failed test, and the
// cleanups still run (as testing's tRunner does after runtime.Goexit).
func TestFatal(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		t.Cleanup(func() { t.Log("cleanup ran") })
		t.Fatal("boom")
	})
}

// TestBadBudget gives budgets that mean nothing: mcheck refuses them.
func TestBadBudget(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {}, mcheck.Budget(0), mcheck.Executions(-1))
}

// TestTestingFlags: the body sees go test's own -v, -short and deadline.
func TestTestingFlags(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		if !testing.Verbose() || testing.Short() {
			t.Errorf("testing.Verbose() = %v, testing.Short() = %v", testing.Verbose(), testing.Short())
		}
		if d, ok := t.Deadline(); !ok || !d.After(time.Now()) {
			t.Errorf("t.Deadline() = %v, %v", d, ok)
		}
	}, mcheck.Executions(5))
}

// TestCheckReport gets the report of a deadlock from mcheck.Check
// instead of a failed test. While mcheck explores the test, under its
// interpreter, Check only runs the body and returns nil, nil.
func TestCheckReport(t *testing.T) {
	a, b := &Account{ID: 1, Balance: 100}, &Account{ID: 2, Balance: 100}
	rep, err := mcheck.Check(t, func(t *testing.T) {
		done := make(chan bool)
		go func() { Transfer(a, b, 10); done <- true }()
		Transfer(b, a, 20)
		<-done
	}, mcheck.Seed(3), mcheck.Strategy(mcheck.DFS))
	if rep == nil && err == nil {
		return // under the interpreter
	}
	if err != nil || rep.Outcome != "bug" || rep.Kind != "global deadlock" || rep.Token == "" || len(rep.Goroutines) != 2 {
		t.Fatalf("mcheck.Check: %+v, %v", rep, err)
	}
	t.Logf("mcheck.Check: %s after %d executions; replay: %s", rep.Kind, rep.Figures.Executions, rep.Replay)
}
