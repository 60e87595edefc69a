// Tests sync.Once (including OnceFunc/OnceValue) and sync.RWMutex with concurrent readers.
package main

import (
	"fmt"
	"sync"
)

type Config struct {
	once sync.Once
	vals map[string]string
	n    int
}

func (c *Config) load() {
	c.once.Do(func() {
		c.n++
		c.vals = map[string]string{"mode": "fast", "level": "3"}
	})
}

type Store struct {
	mu   sync.RWMutex
	data map[int]int
}

func (s *Store) Get(k int) (int, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.data[k]
	return v, ok
}

func (s *Store) Set(k, v int) {
	s.mu.Lock()
	s.data[k] = v
	s.mu.Unlock()
}

func main() {
	var cfg Config
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg.load()
		}()
	}
	wg.Wait()
	fmt.Println("loads:", cfg.n, cfg.vals["mode"], cfg.vals["level"])
	calls := 0
	f := sync.OnceFunc(func() { calls++ })
	for range 5 {
		f()
	}
	fmt.Println("OnceFunc calls:", calls)
	computed := 0
	v := sync.OnceValue(func() int { computed++; return 42 })
	fmt.Println(v(), v(), "computed:", computed)
	vs := sync.OnceValues(func() (string, error) { return "val", nil })
	s, err := vs()
	fmt.Println(s, err)
	st := &Store{data: map[int]int{}}
	for i := range 10 {
		st.Set(i, i*i)
	}
	var rwg sync.WaitGroup
	sums := make([]int, 8)
	for r := range 8 {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for k := range 10 {
				v, _ := st.Get(k)
				sums[r] += v
			}
		}()
	}
	for i := 10; i < 15; i++ {
		st.Set(i, 0)
	}
	rwg.Wait()
	fmt.Println("reader sums:", sums)
	_, ok := st.Get(100)
	fmt.Println("missing:", ok)
	// once with panic: subsequent Do calls do nothing
	var o sync.Once
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		o.Do(func() { panic("once panicked") })
	}()
	ran := false
	o.Do(func() { ran = true })
	fmt.Println("ran after panic:", ran)
	if cfg.n != 1 || calls != 1 || computed != 1 {
		panic("FAIL: once")
	}
}
