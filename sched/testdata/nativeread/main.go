// Command nativeread reads a strings.Reader into a shared buffer on one
// goroutine while another reads the buffer's first byte: the natively
// bridged Read writes the bytes it fills, a data race.
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
	go func() { defer wg.Done(); _ = buf[0] }()
	wg.Wait()
}
