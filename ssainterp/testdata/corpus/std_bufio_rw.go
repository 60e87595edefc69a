// Tests bufio.Writer wrapping os.Stdout with Flush, and bufio.Reader ReadString/ReadLine/ReadRune/Peek.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "buffered %d\n", 1)
	w.WriteString("buffered 2\n")
	w.WriteByte('!')
	w.WriteRune('✓')
	w.WriteString("\n")
	fmt.Fprintln(w, "buffered bytes before flush:", w.Buffered(), "available > 0:", w.Available() > 0)
	w.Flush()
	small := bufio.NewWriterSize(os.Stdout, 16)
	for i := range 5 {
		fmt.Fprintf(small, "chunk-%d;", i)
	}
	small.WriteString("\n")
	small.Flush()
	r := bufio.NewReader(strings.NewReader("alpha,beta\ngamma\nδelta"))
	s, err := r.ReadString(',')
	fmt.Printf("%q %v\n", s, err)
	p, _ := r.Peek(4)
	fmt.Printf("peek %q\n", p)
	line, isPrefix, err := r.ReadLine()
	fmt.Printf("%q %v %v\n", line, isPrefix, err)
	s, err = r.ReadString('\n')
	fmt.Printf("%q %v\n", s, err)
	ru, size, _ := r.ReadRune()
	fmt.Printf("%q %d\n", ru, size)
	r.UnreadRune()
	rest, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", rest, err)
	_, err = r.ReadByte()
	fmt.Println("eof:", err == io.EOF)
	// ReadBytes and Discard
	r2 := bufio.NewReader(strings.NewReader("0123456789"))
	d, _ := r2.Discard(3)
	b, _ := r2.ReadBytes('7')
	fmt.Println(d, string(b))
	// ReadWriter
	var sb strings.Builder
	rw := bufio.NewReadWriter(bufio.NewReader(strings.NewReader("in")), bufio.NewWriter(&sb))
	data, _ := io.ReadAll(rw)
	rw.WriteString("out:" + string(data))
	rw.Flush()
	fmt.Println(sb.String())
	os.Stdout.WriteString("direct WriteString to stdout\n")
	n, err := os.Stdout.Write([]byte("direct Write\n"))
	fmt.Println(n, err)
}
