// Tests bytes.Buffer operations: Grow, ReadFrom, WriteTo, UnreadRune, ReadRune, Available, AvailableBuffer.
package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	var b bytes.Buffer
	fmt.Println(b.Len(), b.String() == "")
	n, err := b.ReadFrom(strings.NewReader("read from reader; "))
	fmt.Println(n, err)
	b.WriteString("héllo")
	r, size, _ := b.ReadRune()
	fmt.Printf("%q %d\n", r, size)
	b.UnreadRune()
	line, _ := b.ReadString(';')
	fmt.Printf("%q\n", line)
	b.Grow(100)
	ab := b.AvailableBuffer()
	ab = strconv.AppendInt(ab, 12345, 10)
	b.Write(ab)
	fmt.Printf("%q\n", b.String())
	wn, err := b.WriteTo(os.Stdout)
	fmt.Println()
	fmt.Println("wrote", wn, err, "left", b.Len())
	var c bytes.Buffer
	for i := range 5 {
		fmt.Fprintf(&c, "%d,", i)
	}
	p := make([]byte, 3)
	for {
		k, err := c.Read(p)
		if err != nil {
			fmt.Println("err:", err)
			break
		}
		fmt.Printf("[%s]", p[:k])
	}
	d := bytes.NewBuffer([]byte("abc"))
	d.WriteByte('d')
	fmt.Println(d.String(), d.Len())
	_, err = d.ReadBytes('z')
	fmt.Println("ReadBytes missing delim:", err, d.Len())
	e := bytes.NewBufferString("xyz")
	e.ReadByte()
	fmt.Println("unread:", e.UnreadByte(), e.String())
	fmt.Println("double unread:", e.UnreadByte())
	var big bytes.Buffer
	for range 1000 {
		big.WriteString("0123456789")
	}
	fmt.Println(big.Len(), bytes.Count(big.Bytes(), []byte("9")))
}
