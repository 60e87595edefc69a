// Tests interface embedding with overlapping methods, interface-to-interface assertions and conversions.
package main

import (
	"fmt"
	"io"
	"strings"
)

type Closer interface{ Close() error }
type ReadCloser interface {
	io.Reader
	Closer
}
type WriteCloser interface {
	io.Writer
	Closer
}

// Overlapping Close from both embedded interfaces is allowed since Go 1.14.
type ReadWriteCloser interface {
	ReadCloser
	WriteCloser
}

type file struct {
	name   string
	data   strings.Builder
	closed bool
	pos    int
}

func (f *file) Read(p []byte) (int, error) {
	s := f.data.String()
	if f.pos >= len(s) {
		return 0, io.EOF
	}
	n := copy(p, s[f.pos:])
	f.pos += n
	return n, nil
}
func (f *file) Write(p []byte) (int, error) { return f.data.Write(p) }
func (f *file) Close() error {
	if f.closed {
		return fmt.Errorf("%s: already closed", f.name)
	}
	f.closed = true
	return nil
}

func main() {
	f := &file{name: "f1"}
	var rwc ReadWriteCloser = f
	fmt.Fprintf(rwc, "hello %d", 42)
	var rc ReadCloser = rwc
	b, _ := io.ReadAll(rc)
	fmt.Println(string(b))
	var c Closer = rc
	fmt.Println(c.Close(), c.Close())
	var w io.Writer = f
	if wc, ok := w.(WriteCloser); ok {
		fmt.Println("writer is WriteCloser:", wc.Close())
	}
	_, isStringer := w.(fmt.Stringer)
	fmt.Println("is Stringer:", isStringer)
	var r io.Reader = strings.NewReader("x")
	_, isRC := r.(ReadCloser)
	fmt.Println("strings.Reader is ReadCloser:", isRC)
	rcn := io.NopCloser(r)
	var asRC ReadCloser = rcn
	fmt.Println("NopCloser close:", asRC.Close())
	fmt.Printf("%T %T\n", rc, asRC)
	var empty any = rwc
	fmt.Println(empty.(io.Writer) != nil, empty.(Closer) == Closer(f))
	type Named interface{ Name() string }
	type Both interface {
		Named
		fmt.Stringer
	}
	var nb Both = nameStr("z")
	fmt.Println(nb.Name(), nb.String(), nb)
}

type nameStr string

func (n nameStr) Name() string   { return "name=" + string(n) }
func (n nameStr) String() string { return "str=" + string(n) }
