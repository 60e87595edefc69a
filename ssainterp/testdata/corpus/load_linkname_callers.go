// Bodyless runtime functions reached by go:linkname, and the caller
// functions that logging libraries use, answer as natively.
package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	_ "unsafe"
)

//go:linkname nanotime runtime.nanotime
func nanotime() int64

//go:linkname cheaprand runtime.cheaprand
func cheaprand() uint32

//go:linkname cheaprandn runtime.cheaprandn
func cheaprandn(n uint32) uint32

//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

type logger struct{ prefix string }

// caller returns the function and file:line of the caller of log's
// caller, as a logger does.
func (l *logger) log(msg string) string {
	pc, file, line, ok := runtime.Caller(1)
	if !ok {
		return "?"
	}
	return fmt.Sprintf("%s %s:%d %s: %s", l.prefix, filepath.Base(file), line, runtime.FuncForPC(pc).Name(), msg)
}

func stack() []string {
	pcs := make([]uintptr, 16)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "main.") {
			out = append(out, fmt.Sprintf("%s %s:%d", f.Function, filepath.Base(f.File), f.Line))
		} else {
			out = append(out, f.Function)
		}
		if !more {
			break
		}
	}
	return out
}

type server struct{}

func (server) handle() []string { return stack() }

func main() {
	t0 := nanotime()
	t1 := nanotime()
	fmt.Println("nanotime positive and monotonic:", t0 > 0, t1 >= t0)
	fmt.Println("cheaprandn in range:", cheaprandn(10) < 10, cheaprand() >= 0)
	p := procPin()
	procUnpin()
	fmt.Println("procPin:", p >= 0)

	l := &logger{prefix: "[app]"}
	fmt.Println(l.log("started"))
	func() {
		fmt.Println(l.log("in a closure"))
	}()
	for _, f := range (server{}).handle() {
		fmt.Println(" ", f)
	}
	done := make(chan []string)
	go func() { done <- stack() }()
	fmt.Println(<-done)

	s := string(debug.Stack())
	fmt.Println(strings.HasPrefix(s, "goroutine 1 [running]:\nruntime/debug.Stack()"), strings.Contains(s, "\nmain.main()\n"))
	buf := make([]byte, 4096)
	n := runtime.Stack(buf, false)
	fmt.Println(strings.HasPrefix(string(buf[:n]), "goroutine 1 [running]:\nmain.main()\n"))
	fmt.Println(runtime.FuncForPC(0) == nil, runtime.FuncForPC(0).Name() == "")
	var f func()
	f = main
	_ = f
}
