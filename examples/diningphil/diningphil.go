// Package diningphil is JPF's DiningPhil benchmark as Staunton and Clark,
// "Searching for Safety Violations Using Estimation of Distribution
// Algorithms", ICST Workshops (SBST) 2010, Section V, use it: n philosophers
// around a table, a fork between each pair. Every philosopher picks up the
// left fork, then the right one, eats, puts down the right then the left
// fork, and leaves. If all of them hold their left fork, nobody can take a
// right one: a deadlock. DineOrdered is the fixed twin: the last
// philosopher picks up the right fork first, which breaks the cycle.
package diningphil

import "sync"

// Dine runs n philosophers with the naive policy; it returns when all have
// eaten (or never, when they deadlock).
func Dine(n int) int { return dine(n, false) }

// DineOrdered runs n philosophers where the last one takes the forks in
// the other order.
func DineOrdered(n int) int { return dine(n, true) }

func dine(n int, ordered bool) int {
	forks := make([]sync.Mutex, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	meals := 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			left, right := &forks[i], &forks[(i+1)%n]
			if ordered && i == n-1 {
				left, right = right, left
			}
			left.Lock()
			right.Lock()
			mu.Lock()
			meals++
			mu.Unlock()
			right.Unlock()
			left.Unlock()
		}()
	}
	wg.Wait()
	return meals
}
