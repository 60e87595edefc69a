// Command lockorder transfers between two accounts in both directions at
// once, each transfer locking its source first. Run natively it almost
// always finishes; on some schedules the two transfers deadlock.
package main

import (
	"fmt"
	"sync"
)

type account struct {
	mu      sync.Mutex
	balance int
}

func transfer(from, to *account, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	from.balance -= n
	to.balance += n
}

func main() {
	a, b := &account{balance: 100}, &account{balance: 100}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); transfer(a, b, 10) }()
	go func() { defer wg.Done(); transfer(b, a, 20) }()
	wg.Wait()
	fmt.Println("balances:", a.balance, b.balance)
}
