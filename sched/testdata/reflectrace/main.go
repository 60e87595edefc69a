// Command reflectrace marshals a struct with encoding/json (which reads
// its fields by reflection) while another goroutine writes one of them:
// a data race through reflection.
package main

import (
	"encoding/json"
	"sync"
)

type Config struct {
	Name  string
	Limit int
}

func main() {
	cfg := &Config{Name: "a", Limit: 1}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); cfg.Limit = 2 }()
	go func() { defer wg.Done(); _, _ = json.Marshal(cfg) }()
	wg.Wait()
}
