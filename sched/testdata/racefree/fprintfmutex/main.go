// Command fprintfmutex prints with fmt.Fprintf and io.WriteString from
// two goroutines into a writer of its own that takes a mutex and hands
// each line to a channel: Write blocks, as Go code calling it may.
package main

import (
	"fmt"
	"io"
	"sort"
	"sync"
)

type lineWriter struct {
	mu    sync.Mutex
	lines chan string
	n     int
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n++
	w.lines <- string(p)
	return len(p), nil
}

func main() {
	w := &lineWriter{lines: make(chan string)}
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Fprintf(w, "g%d: %d\n", g, g*10)
			io.WriteString(w, fmt.Sprint("g", g, " done\n"))
		}()
	}
	var got []string
	for range 4 {
		got = append(got, <-w.lines)
	}
	wg.Wait()
	sort.Strings(got)
	if fmt.Sprint(got) != "[g0 done\n g0: 0\n g1 done\n g1: 10\n]" || w.n != 4 {
		panic(fmt.Sprintf("FAIL: %q %d", got, w.n))
	}
}
