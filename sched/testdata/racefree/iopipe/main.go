// Command iopipe streams through io.Pipe between goroutines: a producer
// writes with fmt.Fprintf and Write and closes with an error that
// io.ReadAll returns; a reader that closes early makes the writer fail
// with io.ErrClosedPipe; small reads split a write; io.Copy drains a pipe.
package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

func main() {
	pr, pw := io.Pipe()
	go func() {
		for i := range 3 {
			fmt.Fprintf(pw, "m%d;", i)
		}
		pw.Write([]byte("end"))
		pw.CloseWithError(errors.New("producer done"))
	}()
	all, err := io.ReadAll(pr)
	if string(all) != "m0;m1;m2;end" || err == nil || err.Error() != "producer done" {
		panic(fmt.Sprintf("FAIL: %q %v", all, err))
	}

	pr3, pw3 := io.Pipe()
	go func() {
		io.WriteString(pw3, "copied ")
		fmt.Fprint(pw3, "through")
		pw3.Close()
	}()
	var sb strings.Builder
	if n, err := io.Copy(&sb, pr3); n != 14 || err != nil || sb.String() != "copied through" {
		panic(fmt.Sprintf("FAIL: copy %d %v %q", n, err, sb.String()))
	}

	pr2, pw2 := io.Pipe()
	done := make(chan error)
	go func() {
		_, err := pw2.Write([]byte("abcdef"))
		done <- err
	}()
	buf := make([]byte, 4)
	n, _ := pr2.Read(buf)
	if string(buf[:n]) != "abcd" {
		panic(fmt.Sprintf("FAIL: first read %q", buf[:n]))
	}
	pr2.Close()
	if err := <-done; err != io.ErrClosedPipe {
		panic(fmt.Sprintf("FAIL: write after the reader closed: %v", err))
	}
	if _, err := pw2.Write([]byte("x")); err != io.ErrClosedPipe {
		panic(fmt.Sprintf("FAIL: second write: %v", err))
	}
	pw2.Close()
	if _, err := pr2.Read(buf); err != io.ErrClosedPipe {
		panic(fmt.Sprintf("FAIL: read after close: %v", err))
	}
}
