// Command nativeread_fixed is nativeread with the second goroutine
// reading a byte past the two that Read fills: Read writes only what it
// fills, so there is no race (as under go run -race).
package main

import (
	"strings"
	"sync"
)

func main() {
	r := strings.NewReader("ab")
	buf := make([]byte, 16)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); r.Read(buf) }()
	go func() { defer wg.Done(); _ = buf[8] }()
	wg.Wait()
}
