// Tests embedding interfaces in structs and interfaces, overriding embedded interface methods.
package main

import (
	"fmt"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) int }
type ReadWriter interface {
	Reader
	Writer
}

type buf struct{ data []string }

func (b *buf) Read() string {
	if len(b.data) == 0 {
		return "<empty>"
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}
func (b *buf) Write(s string) int { b.data = append(b.data, s); return len(s) }

// upper wraps a ReadWriter and overrides Read.
type upper struct {
	ReadWriter
}

func (u upper) Read() string { return strings.ToUpper(u.ReadWriter.Read()) }

type counting struct {
	Writer
	n int
}

func (c *counting) Write(s string) int {
	c.n++
	return c.Writer.Write(s)
}

func main() {
	b := &buf{}
	var rw ReadWriter = b
	rw.Write("hello")
	rw.Write("world")
	u := upper{rw}
	u.Write("third")
	fmt.Println(u.Read(), u.Read(), rw.Read(), rw.Read())
	var r Reader = u
	fmt.Println("reader:", r.Read())
	c := &counting{Writer: b}
	c.Write("a")
	c.Write("bb")
	fmt.Println("count:", c.n, "data:", b.data)
	// nil embedded interface: calling its method panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var e upper
		e.Write("x")
	}()
	var w Writer = c
	if _, ok := w.(Reader); ok {
		panic("FAIL: counting should not be Reader")
	}
	_, isRW := any(b).(ReadWriter)
	fmt.Println("buf is ReadWriter:", isRW)
	fmt.Printf("%T %T\n", u, u.ReadWriter)
}
