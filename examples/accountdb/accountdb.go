// Package accountdb is an AccountDatabase-style component (Parizek and
// Kalibera, "Efficient Detection of Errors in Java Components Using Random
// Environment and Restarts", TACAS 2010, Section 5): a database of accounts
// whose updates take a lock but whose Total reads the running total
// without it, racing with concurrent deposits. TotalLocked is the fixed
// twin.
package accountdb

import "sync"

// DB is the account database.
type DB struct {
	mu       sync.Mutex
	accounts map[int]int
	total    int
}

// New returns an empty database.
func New() *DB { return &DB{accounts: map[int]int{}} }

// Deposit adds amount to account id.
func (db *DB) Deposit(id, amount int) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.accounts[id] += amount
	db.total += amount
}

// Transfer moves amount between accounts.
func (db *DB) Transfer(from, to, amount int) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.accounts[from] -= amount
	db.accounts[to] += amount
}

// Total returns the sum of all balances, without the lock (the bug).
func (db *DB) Total() int { return db.total }

// TotalLocked returns the sum of all balances under the lock.
func (db *DB) TotalLocked() int {
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.total
}
