// Command std_reader_read reads strings.Reader and bytes.Reader with
// buffers of every size around what is left: empty buffers before and
// at the end, partial and exact reads, reads after Seek, UnreadByte and
// ReadAt, and a nil reader's panic.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

type reader interface {
	io.Reader
	io.Seeker
	io.ByteScanner
	io.ReaderAt
	Len() int
}

func show(name string, r reader) {
	for _, n := range []int{0, 1, 3, 0, 8, 0, 2} {
		buf := make([]byte, n)
		for i := range buf {
			buf[i] = '.'
		}
		k, err := r.Read(buf)
		fmt.Printf("%s Read(%d) = %d %v %q left %d\n", name, n, k, err, buf, r.Len())
	}
	r.Seek(2, io.SeekStart)
	b, _ := r.ReadByte()
	r.UnreadByte()
	big := make([]byte, 4096)
	k, err := r.Read(big)
	fmt.Printf("%s after Seek: %c, Read(4096) = %d %v %q\n", name, b, k, err, big[:k+1])
	at := make([]byte, 4)
	k, err = r.ReadAt(at, 7)
	fmt.Printf("%s ReadAt = %d %v %q\n", name, k, err, at)
	all, err := io.ReadAll(io.LimitReader(r, 3))
	fmt.Printf("%s ReadAll = %q %v\n", name, all, err)
}

func main() {
	show("strings", strings.NewReader("hello, world"))
	show("bytes", bytes.NewReader([]byte("hello, world")))
	var nr *strings.Reader
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		nr.Read(make([]byte, 2))
	}()
}
