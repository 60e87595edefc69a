// Command nativewrite encodes into a shared buffer
// with the natively bridged hex.Encode on one goroutine while another
// reads it: a data race inside a native call, which writes dst.
package main

import (
	"encoding/hex"
	"sync"
)

func main() {
	src := []byte{1, 2}
	dst := make([]byte, 4)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); hex.Encode(dst, src) }()
	go func() { defer wg.Done(); _ = dst[0] }()
	wg.Wait()
}
