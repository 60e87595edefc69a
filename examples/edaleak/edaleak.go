// Package edaleak is a goroutine leak that needs many goroutines blocked
// at once, the kind the EDA's leak fitness (heuristics.Leak) is for: n
// accounts in a ring, worker i moves a unit from account i to account
// i+1, locking the source first, then the destination. The caller waits
// for the workers, but gives up after a second. If every worker holds
// its source when it asks for its destination, none of them ever gets
// it: the caller returns and leaves n goroutines blocked forever. A
// random schedule rarely lines all n workers up (for n = 16, the random
// walk does not in thousands of executions).
//
// TransferOrdered is the fixed twin: every worker locks the account with
// the lower index first, so the waiting cannot go round the ring.
package edaleak

import (
	"sync"
	"time"
)

// Account is a balance under its own lock.
type Account struct {
	mu      sync.Mutex
	balance int
}

// Transfer runs the ring of n workers and returns how many finished
// before the caller gave up.
func Transfer(n int) int { return transfer(n, false) }

// TransferOrdered is Transfer with the locks taken in index order.
func TransferOrdered(n int) int { return transfer(n, true) }

func transfer(n int, ordered bool) int {
	accounts := make([]Account, n)
	for i := range accounts {
		accounts[i].balance = 1
	}
	done := make(chan bool, n)
	for i := range n {
		go func() {
			from, to := &accounts[i], &accounts[(i+1)%n]
			first, second := from, to
			if ordered && (i+1)%n < i {
				first, second = to, from
			}
			first.mu.Lock()
			second.mu.Lock()
			from.balance--
			to.balance++
			second.mu.Unlock()
			first.mu.Unlock()
			done <- true
		}()
	}
	timeout := time.After(time.Second)
	finished := 0
	for finished < n {
		select {
		case <-done:
			finished++
		case <-timeout:
			return finished
		}
	}
	return finished
}
