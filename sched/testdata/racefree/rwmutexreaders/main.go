// Command rwmutexreaders has two readers under RLock and a writer under
// Lock on a sync.RWMutex; readers always see a consistent pair.
package main

import "sync"

type pair struct {
	mu   sync.RWMutex
	a, b int // invariant: b == 2*a
}

func (p *pair) set(a int) {
	p.mu.Lock()
	p.a = a
	p.b = 2 * a
	p.mu.Unlock()
}

func (p *pair) get() (int, int) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.a, p.b
}

func main() {
	p := &pair{}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		for i := 1; i <= 3; i++ {
			p.set(i)
		}
	}()
	for range 2 {
		go func() {
			defer wg.Done()
			last := 0
			for range 3 {
				a, b := p.get()
				if b != 2*a {
					panic("FAIL: torn read")
				}
				if a < last {
					panic("FAIL: value went backwards")
				}
				last = a
			}
		}()
	}
	wg.Wait()
	if a, b := p.get(); a != 3 || b != 6 {
		panic("FAIL: final value")
	}
}
