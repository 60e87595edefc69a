// Tests bytes package: Buffer inside a struct, Compare, Equal, Split, Fields, NewReader, Contains, ToUpper, etc.
package main

import (
	"bytes"
	"fmt"
	"io"
)

type Encoder struct {
	buf   bytes.Buffer
	count int
}

func (e *Encoder) Put(key string, val int) {
	if e.count > 0 {
		e.buf.WriteByte(';')
	}
	e.buf.WriteString(key)
	e.buf.WriteRune('→')
	fmt.Fprint(&e.buf, val)
	e.count++
}

func main() {
	var e Encoder
	e.Put("a", 1)
	e.Put("bb", 22)
	e.Put("ccc", 333)
	fmt.Println(e.buf.String(), e.buf.Len(), e.count)
	line, err := e.buf.ReadString(';')
	fmt.Printf("%q %v remaining %q\n", line, err, e.buf.String())
	next := e.buf.Next(3)
	fmt.Printf("next %q\n", next)
	e.buf.Truncate(2)
	fmt.Printf("truncated %q\n", e.buf.String())
	e.buf.Reset()
	fmt.Println("reset len:", e.buf.Len())
	a, b := []byte("apple"), []byte("banana")
	fmt.Println(bytes.Compare(a, b), bytes.Compare(b, a), bytes.Compare(a, a), bytes.Compare(nil, []byte{}))
	fmt.Println(bytes.Equal(nil, []byte{}), bytes.Equal(a, []byte("apple")))
	fmt.Printf("%q\n", bytes.Split([]byte("x1y1z"), []byte("1")))
	fmt.Printf("%q\n", bytes.Fields([]byte("  lots   of space ")))
	fmt.Println(bytes.Contains(b, []byte("nan")), bytes.Index(b, []byte("na")), bytes.LastIndex(b, []byte("na")), bytes.Count(b, []byte("a")))
	fmt.Printf("%s %s %s\n", bytes.ToUpper(a), bytes.Repeat([]byte("-"), 5), bytes.TrimSpace([]byte("  t  ")))
	fmt.Printf("%s\n", bytes.Join([][]byte{a, b}, []byte(", ")))
	fmt.Printf("%s\n", bytes.ReplaceAll([]byte("a.b.c"), []byte("."), []byte("::")))
	fmt.Println(bytes.HasPrefix(a, []byte("app")), bytes.HasSuffix(a, []byte("le")), bytes.EqualFold([]byte("Go"), []byte("GO")))
	before, after, ok := bytes.Cut([]byte("k:v"), []byte(":"))
	fmt.Printf("%s %s %v\n", before, after, ok)
	r := bytes.NewReader([]byte("reader data"))
	p := make([]byte, 6)
	n, _ := r.Read(p)
	fmt.Printf("%d %q len=%d\n", n, p[:n], r.Len())
	rest, _ := io.ReadAll(r)
	fmt.Printf("%q\n", rest)
	var buf bytes.Buffer
	buf.Write([]byte{1, 2, 3})
	buf.WriteByte(4)
	bb, _ := buf.ReadByte()
	fmt.Println(bb, buf.Bytes(), buf.Cap() >= 4)
	nb := bytes.NewBufferString("line1\nline2\nline3")
	for {
		l, err := nb.ReadBytes('\n')
		fmt.Printf("%q ", l)
		if err != nil {
			fmt.Println(err)
			break
		}
	}
	fmt.Printf("%q\n", bytes.Map(func(r rune) rune { return r + 1 }, []byte("HAL")))
	fmt.Println(bytes.IndexByte([]byte("abc"), 'c'), bytes.ContainsRune([]byte("héllo"), 'é'), bytes.Runes([]byte("hé")))
	if !bytes.Equal(bytes.ToLower([]byte("ABC")), []byte("abc")) {
		panic("FAIL: ToLower")
	}
}
