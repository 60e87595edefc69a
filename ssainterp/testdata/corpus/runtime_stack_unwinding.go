// Stacks taken in deferred calls that a panic or runtime.Goexit runs, as
// chi's Recoverer reads debug.Stack() to find the panicking frame: the
// deferred call, the runtime's panic (or Goexit) frame, then the frames
// from where the panic began. Function names only: argument words and pc
// offsets are the runtime's own.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func names(st []byte) string {
	var out []string
	for _, l := range strings.Split(string(st), "\n") {
		if l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "goroutine ") {
			continue
		}
		if i := strings.Index(l, "("); i > 0 && !strings.HasPrefix(l, "created by") {
			l = l[:i]
		}
		out = append(out, l)
	}
	return strings.Join(out, " < ")
}

func inner() { panic("boom") }

func middle() {
	defer func() {}() // a frame with a deferred call, still on the stack
	inner()
}

func report() string { return names(debug.Stack()) }

func recovered() (s string) {
	defer func() {
		recover()
		s = report()
	}()
	middle()
	return ""
}

func unrecovered() (s string) {
	defer func() { recover() }()
	func() {
		defer func() { s = names(debug.Stack()) }()
		inner()
	}()
	return
}

func main() {
	fmt.Println(recovered())
	fmt.Println(unrecovered())
	done := make(chan string)
	go func() {
		var s string
		defer func() { done <- s }()
		defer func() { s = names(debug.Stack()) }()
		runtime.Goexit()
	}()
	fmt.Println(<-done)
	// A deferred call on a plain return: no panic frame.
	func() {
		defer func() { fmt.Println(names(debug.Stack())) }()
	}()
}
