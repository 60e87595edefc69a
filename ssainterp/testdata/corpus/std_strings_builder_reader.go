// Tests strings.Builder held in a user struct field, strings.Reader methods, io.ReadAll, io.Copy to bytes.Buffer.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

type Report struct {
	title string
	sb    strings.Builder
	lines int
}

func (r *Report) Line(format string, args ...any) {
	fmt.Fprintf(&r.sb, format, args...)
	r.sb.WriteByte('\n')
	r.lines++
}

func (r *Report) String() string {
	return "== " + r.title + " ==\n" + r.sb.String()
}

func main() {
	rep := &Report{title: "summary"}
	for i := range 4 {
		rep.Line("item %d: %s", i, strings.Repeat("*", i))
	}
	rep.sb.WriteString("raw ")
	rep.sb.WriteRune('é')
	fmt.Print(rep.String())
	fmt.Println()
	fmt.Println("lines:", rep.lines, "len:", rep.sb.Len())
	var b strings.Builder
	b.Grow(64)
	for i := 3; i > 0; i-- {
		fmt.Fprintf(&b, "%d...", i)
	}
	b.WriteString("ignition")
	fmt.Println(b.String(), b.Len())
	b.Reset()
	fmt.Printf("after reset: %q\n", b.String())
	rd := strings.NewReader("Hello, Reader! 日本")
	fmt.Println("len/size:", rd.Len(), rd.Size())
	buf := make([]byte, 5)
	n, err := rd.Read(buf)
	fmt.Printf("%d %v %q remaining %d\n", n, err, buf[:n], rd.Len())
	by, _ := rd.ReadByte()
	fmt.Printf("byte %q\n", by)
	rd.UnreadByte()
	rest, err := io.ReadAll(rd)
	fmt.Printf("rest %q %v\n", rest, err)
	n, err = rd.Read(buf)
	fmt.Println("at EOF:", n, err)
	rd.Seek(-6, io.SeekEnd)
	r, size, _ := rd.ReadRune()
	fmt.Printf("rune %q size %d\n", r, size)
	rd.Reset("new content")
	var dst bytes.Buffer
	copied, err := io.Copy(&dst, rd)
	fmt.Println("copied:", copied, err, dst.String())
	at := make([]byte, 4)
	rd2 := strings.NewReader("0123456789")
	n, _ = rd2.ReadAt(at, 6)
	fmt.Println("ReadAt:", string(at[:n]))
	var sb2 strings.Builder
	io.Copy(&sb2, io.LimitReader(strings.NewReader("limited reader text"), 7))
	fmt.Printf("limited: %q\n", sb2.String())
	mr := io.MultiReader(strings.NewReader("ab"), strings.NewReader("cd"))
	all, _ := io.ReadAll(mr)
	fmt.Println("multi:", string(all))
	if rep.lines != 4 {
		panic("FAIL: builder")
	}
}
