// Command callback_stringlock: Deposit locks the account, then the
// bank; Audit locks the bank, then - through fmt calling the account's
// String method - the account. When a deposit and an audit overlap,
// each holds the lock the other waits for.
//
// want: global deadlock
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
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprint("audit ", a, " after ", b.ops, " ops")
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
