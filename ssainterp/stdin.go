package ssainterp

import (
	"os"
	"reflect"
	"syscall"
)

// stdinFD stands for os.Stdin in stdFiles and globalRef (fd 0 would read
// as "none" there).
const stdinFD = 3

// stdinCell returns the machine's os.Stdin variable: an empty standard
// input, a pipe whose writing end is closed, so that a read returns
// io.EOF at once. An interpreted program never reads the host's
// standard input (which belongs to go test or to the mcheck command) and
// never blocks on it, whatever the budget. The file is named
// "/dev/stdin", as os.Stdin is, and closed when the execution ends.
func (m *Machine) stdinCell() *value {
	if m.front.stdin == nil {
		r, w, err := os.Pipe()
		if err != nil {
			panic(&internalFault{msg: "cannot create the standard input: " + err.Error()})
		}
		w.Close()
		dup, err := syscall.Dup(int(r.Fd()))
		r.Close()
		if err != nil {
			panic(&internalFault{msg: "cannot create the standard input: " + err.Error()})
		}
		f := os.NewFile(uintptr(dup), "/dev/stdin")
		m.front.stdinFile = f
		m.front.stdin = &value{r: reflect.ValueOf(f)}
	}
	return m.front.stdin
}
