// Command mutexembedded embeds a sync.Mutex in a struct whose methods
// lock it around every access to the fields.
package main

import "sync"

type account struct {
	sync.Mutex
	balance int
	history []int
}

func (a *account) deposit(v int) {
	a.Lock()
	defer a.Unlock()
	a.balance += v
	a.history = append(a.history, v)
}

func (a *account) withdraw(v int) bool {
	a.Lock()
	defer a.Unlock()
	if a.balance < v {
		return false
	}
	a.balance -= v
	a.history = append(a.history, -v)
	return true
}

func (a *account) snapshot() (int, int) {
	a.Lock()
	defer a.Unlock()
	return a.balance, len(a.history)
}

func main() {
	a := &account{balance: 10}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		a.deposit(5)
		a.deposit(5)
	}()
	withdrew := make([]bool, 2)
	for i := range 2 {
		go func() {
			defer wg.Done()
			withdrew[i] = a.withdraw(8)
		}()
	}
	wg.Wait()
	bal, n := a.snapshot()
	want := 20
	ops := 2
	for _, ok := range withdrew {
		if ok {
			want -= 8
			ops++
		}
	}
	if !withdrew[0] && !withdrew[1] {
		panic("FAIL: no withdrawal succeeded though the balance allowed one")
	}
	if bal != want || n != ops || bal < 0 {
		panic("FAIL: inconsistent account")
	}
}
