// Tests sync.Mutex protecting shared counters and maps, with a mutex embedded in a struct.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type SafeCounter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *SafeCounter) Inc(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key]++
}

func (c *SafeCounter) Value(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

type Account struct {
	sync.Mutex
	balance int
}

func main() {
	c := SafeCounter{m: map[string]int{}}
	var wg sync.WaitGroup
	keys := []string{"a", "b", "c"}
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				c.Inc(keys[i%3])
			}
		}()
	}
	wg.Wait()
	for _, k := range keys {
		fmt.Println(k, c.Value(k))
	}
	acct := &Account{balance: 1000}
	var wg2 sync.WaitGroup
	for i := range 50 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			acct.Lock()
			if i%2 == 0 {
				acct.balance += 10
			} else {
				acct.balance -= 5
			}
			acct.Unlock()
		}()
	}
	wg2.Wait()
	fmt.Println("balance:", acct.balance)
	// collecting results under mutex, then sorting
	var mu sync.Mutex
	var found []int
	var wg3 sync.WaitGroup
	for n := 2; n < 60; n++ {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			for d := 2; d*d <= n; d++ {
				if n%d == 0 {
					return
				}
			}
			mu.Lock()
			found = append(found, n)
			mu.Unlock()
		}()
	}
	wg3.Wait()
	sort.Ints(found)
	fmt.Println("primes:", found)
	// TryLock
	var m sync.Mutex
	fmt.Println("trylock free:", m.TryLock())
	fmt.Println("trylock held:", m.TryLock())
	m.Unlock()
	if c.Value("a") != 1000 || acct.balance != 1125 {
		panic("FAIL: mutex")
	}
}
