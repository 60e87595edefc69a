// Command chanclosebroadcast writes a config, then closes a channel; three
// workers block on <-done and read the config afterwards. The close
// happens before every receive that observes it.
package main

import "sync"

type config struct {
	name   string
	limits map[string]int
}

func main() {
	var cfg config
	done := make(chan struct{})
	results := make([]int, 3)
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-done
			if cfg.name != "prod" {
				panic("FAIL: config not visible after close")
			}
			results[i] = cfg.limits["max"] + i
		}()
	}
	cfg.name = "prod"
	cfg.limits = map[string]int{"max": 100}
	close(done)
	wg.Wait()
	for i, r := range results {
		if r != 100+i {
			panic("FAIL: worker result")
		}
	}
}
