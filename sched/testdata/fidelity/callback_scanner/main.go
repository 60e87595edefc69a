// Command callback_scanner counts request lines with a bufio.Scanner
// over a reader fed by a channel. main closes the feed and prints the
// count without waiting for the scanning goroutine, whose last
// increment races with the read.
//
// want: data race
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
	fmt.Println(requests, "requests")
	<-done
}
