// Command callback_scanner_fixed waits for the scanning goroutine
// before it reads the count.
//
// want: clean
package main

import (
	"bufio"
	"fmt"
	"io"
)

type feed struct {
	lines chan string
	rest  []byte
}

func (f *feed) Read(p []byte) (int, error) {
	if len(f.rest) == 0 {
		s, ok := <-f.lines
		if !ok {
			return 0, io.EOF
		}
		f.rest = []byte(s)
	}
	n := copy(p, f.rest)
	f.rest = f.rest[n:]
	return n, nil
}

func main() {
	f := &feed{lines: make(chan string)}
	requests := 0
	done := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			requests++
		}
		close(done)
	}()
	for _, l := range []string{"GET /\n", "GET /a\n", "POST /b\n"} {
		f.lines <- l
	}
	close(f.lines)
	<-done
	if requests != 3 {
		panic(fmt.Sprint(requests, " requests, want 3"))
	}
}
