// Package bank is a test fixture: transfers that lock the source account
// first (a lock-order deadlock) and a fixed variant.
package bank

import "sync"

type Account struct {
	mu      sync.Mutex
	ID      int
	Balance int
}

func Transfer(from, to *Account, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	from.Balance -= n
	to.Balance += n
}

func TransferOrdered(from, to *Account, n int) {
	a, b := from, to
	if b.ID < a.ID {
		a, b = b, a
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	from.Balance -= n
	to.Balance += n
}
