// Command load_callerlog logs with the caller's function name, as
// structured loggers do, and caches the names by pc in a plain map that
// two request handlers fill at once.
//
// want: data race
package main

import (
	"fmt"
	"runtime"
	"sync"
)

var names = map[uintptr]string{} // pc -> function name, unguarded

func logf(format string, args ...any) string {
	pc, _, _, _ := runtime.Caller(1)
	name, ok := names[pc]
	if !ok {
		name = runtime.FuncForPC(pc).Name()
		names[pc] = name
	}
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
