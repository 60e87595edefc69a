// Package deadlock is the Deadlock benchmark of Rungta and Mercer, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008 (Section
// 3.1), in Go: a transfer locks the source account, then the destination;
// two transfers in opposite directions can each hold one lock and wait.
//
// TransferOrdered is the fixed twin: it locks the account with the lower
// id first, so every goroutine takes the locks in one global order.
package deadlock

import "sync"

// Account is a bank account.
type Account struct {
	mu      sync.Mutex
	id      int
	balance int
}

// NewAccount returns an account with an id and a balance.
func NewAccount(id, balance int) *Account { return &Account{id: id, balance: balance} }

// Balance returns the account's balance.
func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

// Transfer moves amount from a to b, locking a then b.
func Transfer(a, b *Account, amount int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	a.balance -= amount
	b.balance += amount
}

// TransferOrdered moves amount from a to b, locking the lower id first.
func TransferOrdered(a, b *Account, amount int) {
	first, second := a, b
	if b.id < a.id {
		first, second = b, a
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	a.balance -= amount
	b.balance += amount
}
