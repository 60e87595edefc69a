// Command oncevalue uses sync.OnceValue, sync.OnceValues and sync.OnceFunc
// from several goroutines; each function body runs once and its result is
// visible to every caller.
package main

import (
	"errors"
	"sync"
)

type config struct {
	name string
	port int
}

func main() {
	// Each counter is written only inside its own once-function (two
	// different once-functions may run concurrently), and read after Wait.
	loadCalls, parseCalls := 0, 0
	load := sync.OnceValue(func() *config {
		loadCalls++
		return &config{name: "svc", port: 8080}
	})
	parse := sync.OnceValues(func() (int, error) {
		parseCalls++
		return 0, errors.New("bad input")
	})
	warned := 0
	warn := sync.OnceFunc(func() { warned++ })

	var wg sync.WaitGroup
	ports := make([]int, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := load()
			ports[i] = c.port
			if c.name != "svc" {
				panic("FAIL: OnceValue result")
			}
			if _, err := parse(); err == nil {
				panic("FAIL: OnceValues error")
			}
			warn()
		}()
	}
	wg.Wait()
	if loadCalls != 1 || parseCalls != 1 || warned != 1 {
		panic("FAIL: once-function ran more than once")
	}
	for _, p := range ports {
		if p != 8080 {
			panic("FAIL: port")
		}
	}
	if load() != load() {
		panic("FAIL: OnceValue returned different pointers")
	}
}
