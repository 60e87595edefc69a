// Command callback_stringlock_fixed: Audit formats the account before
// it takes the bank's lock, so no goroutine holds the bank while waiting
// for an account.
//
// want: clean
package main

import (
	"fmt"
	"sync"
)

type Account struct {
	mu      sync.RWMutex
	name    string
	balance int
}

func (a *Account) String() string {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return fmt.Sprintf("%s=%d", a.name, a.balance)
}

type Bank struct {
	mu  sync.Mutex
	ops int
}

func (b *Bank) Deposit(a *Account, n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += n
	b.mu.Lock()
	b.ops++
	b.mu.Unlock()
}

func (b *Bank) Audit(a *Account) string {
	acct := fmt.Sprint(a)
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprint("audit ", acct, " after ", b.ops, " ops")
}

func main() {
	bank, acct := &Bank{}, &Account{name: "alice"}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		bank.Deposit(acct, 10)
	}()
	fmt.Println(bank.Audit(acct))
	wg.Wait()
}
