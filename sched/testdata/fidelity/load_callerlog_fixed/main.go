// Command load_callerlog_fixed guards the name cache with a mutex.
//
// want: clean
package main

import (
	"fmt"
	"runtime"
	"sync"
)

var (
	mu    sync.Mutex
	names = map[uintptr]string{}
)

func logf(format string, args ...any) string {
	pc, _, _, _ := runtime.Caller(1)
	mu.Lock()
	name, ok := names[pc]
	if !ok {
		name = runtime.FuncForPC(pc).Name()
		names[pc] = name
	}
	mu.Unlock()
	return name + ": " + fmt.Sprintf(format, args...)
}

func handle(id int) string { return logf("request %d", id) }

func main() {
	var wg sync.WaitGroup
	out := make([]string, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = handle(i)
		}()
	}
	wg.Wait()
	if out[0] != "main.handle: request 0" {
		panic(out[0])
	}
}
