// Package accountdatabase models AccountDatabase, the simple in-memory
// database of user accounts from the CRE demo application that Parizek
// and Kalibera check in "Efficient Detection of Errors in Java
// Components Using Random Environment and Restarts", TACAS 2010 (Section
// 2). As in the paper, the component "already contained a race
// condition".
//
// The bug is in Balance (accountdatabase.go, method Balance): the buggy
// component looks the account up in the accounts map without taking the
// database mutex, while CreateAccount, Deposit, Withdraw and Transfer write
// that map under the mutex. One goroutine calling Balance while the other
// creates an account or moves money is a data race on the map ("concurrent
// map read and map write"). NewFixed takes the mutex in Balance too.
package accountdatabase

import (
	"errors"
	"sort"
	"sync"
)

// Errors returned by the database.
var (
	ErrInvalidName   = errors.New("accountdatabase: empty account name")
	ErrExists        = errors.New("accountdatabase: account already exists")
	ErrNoAccount     = errors.New("accountdatabase: no such account")
	ErrInvalidAmount = errors.New("accountdatabase: amount must be positive")
	ErrInsufficient  = errors.New("accountdatabase: insufficient funds")
	ErrOverflow      = errors.New("accountdatabase: total would overflow")
	ErrSameAccount   = errors.New("accountdatabase: transfer to the same account")
)

const maxInt = int(^uint(0) >> 1)

// DB is the account database. Balances are never negative and total is
// always their sum.
type DB struct {
	fixed bool

	mu       sync.Mutex
	accounts map[string]int // account name -> balance
	total    int
}

// New returns an empty database with the injected race in Balance.
func New() *DB { return &DB{accounts: map[string]int{}} }

// NewFixed returns an empty database without the race.
func NewFixed() *DB { return &DB{fixed: true, accounts: map[string]int{}} }

// CreateAccount opens an account with balance 0.
func (db *DB) CreateAccount(name string) error {
	if name == "" {
		return ErrInvalidName
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if _, ok := db.accounts[name]; ok {
		return ErrExists
	}
	db.accounts[name] = 0
	return nil
}

// Deposit adds amount to the account.
func (db *DB) Deposit(name string, amount int) error {
	if amount <= 0 {
		return ErrInvalidAmount
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	bal, ok := db.accounts[name]
	if !ok {
		return ErrNoAccount
	}
	if db.total > maxInt-amount {
		return ErrOverflow
	}
	db.accounts[name] = bal + amount
	db.total += amount
	return nil
}

// Withdraw takes amount from the account.
func (db *DB) Withdraw(name string, amount int) error {
	if amount <= 0 {
		return ErrInvalidAmount
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	bal, ok := db.accounts[name]
	if !ok {
		return ErrNoAccount
	}
	if bal < amount {
		return ErrInsufficient
	}
	db.accounts[name] = bal - amount
	db.total -= amount
	return nil
}

// Transfer moves amount from one account to another.
func (db *DB) Transfer(from, to string, amount int) error {
	if amount <= 0 {
		return ErrInvalidAmount
	}
	if from == to {
		return ErrSameAccount
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	fb, ok1 := db.accounts[from]
	tb, ok2 := db.accounts[to]
	if !ok1 || !ok2 {
		return ErrNoAccount
	}
	if fb < amount {
		return ErrInsufficient
	}
	// tb+amount <= total <= MaxInt: no overflow.
	db.accounts[from] = fb - amount
	db.accounts[to] = tb + amount
	return nil
}

// Balance returns the balance of the account.
func (db *DB) Balance(name string) (int, error) {
	if db.fixed {
		db.mu.Lock()
		defer db.mu.Unlock()
	}
	// injected bug: without the fix the map is read without db.mu, racing
	// with the writes of CreateAccount, Deposit, Withdraw and Transfer.
	bal, ok := db.accounts[name]
	if !ok {
		return 0, ErrNoAccount
	}
	return bal, nil
}

// Total returns the sum of all balances.
func (db *DB) Total() int {
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.total
}

// Count returns the number of accounts.
func (db *DB) Count() int {
	db.mu.Lock()
	defer db.mu.Unlock()
	return len(db.accounts)
}

// Accounts returns the account names in increasing order.
func (db *DB) Accounts() []string {
	db.mu.Lock()
	defer db.mu.Unlock()
	names := make([]string, 0, len(db.accounts))
	for name := range db.accounts {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
