// Command spinforever waits for a flag nobody sets: a goroutine that never
// ends, which mcheck must report as a livelock instead of hanging.
package main

import "sync/atomic"

func main() {
	var ready atomic.Bool
	go func() {}()
	for !ready.Load() {
	}
}
