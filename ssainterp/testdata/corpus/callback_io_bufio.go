// Command callback_io_bufio runs io's and bufio's helpers over the
// program's own readers and writers (io and bufio run from SSA, so their
// calls of Read and Write are ordinary calls), and checks their results
// and errors against go run.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// chunks returns its data a few bytes per Read.
type chunks struct {
	data []byte
	step int
	last error
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		if c.last != nil {
			return 0, c.last
		}
		return 0, io.EOF
	}
	n := min(c.step, len(p), len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// counting counts the Write calls it gets.
type counting struct {
	buf   bytes.Buffer
	calls int
}

func (c *counting) Write(p []byte) (int, error) {
	c.calls++
	return c.buf.Write(p)
}

type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

func main() {
	buf := make([]byte, 5)
	n, err := io.ReadFull(&chunks{data: []byte("hello world"), step: 2}, buf)
	fmt.Println(n, err, string(buf))
	n, err = io.ReadFull(&chunks{data: []byte("hey"), step: 2}, buf)
	fmt.Println(n, err, err == io.ErrUnexpectedEOF)
	n, err = io.ReadAtLeast(&chunks{data: []byte("abcdefgh"), step: 3}, buf, 4)
	fmt.Println(n, err, string(buf[:n]))
	_, err = io.ReadAtLeast(&chunks{}, buf, 9)
	fmt.Println(err == io.ErrShortBuffer)
	_, err = io.ReadFull(&chunks{last: errors.New("reset")}, buf)
	fmt.Println(err)

	w := &counting{}
	m, err := io.CopyN(w, &chunks{data: []byte("0123456789"), step: 4}, 6)
	fmt.Println(m, err, w.buf.String(), w.calls)
	m, err = io.CopyN(w, &chunks{data: []byte("xy"), step: 4}, 6)
	fmt.Println(m, err)
	w2 := &counting{}
	m, err = io.Copy(w2, &chunks{data: bytes.Repeat([]byte("z"), 100), step: 30})
	fmt.Println(m, err, w2.calls)
	m, err = io.Copy(w2, strings.NewReader("native reader"))
	fmt.Println(m, err, w2.calls)
	m, err = io.CopyBuffer(w2, &chunks{data: []byte("buffered copy"), step: 50}, make([]byte, 4))
	fmt.Println(m, err, w2.calls)
	_, err = io.Copy(shortWriter{}, &chunks{data: []byte("abcd"), step: 4})
	fmt.Println(err == io.ErrShortWrite)
	all, err := io.ReadAll(io.MultiReader(&chunks{data: []byte("one "), step: 1}, strings.NewReader("two "), &chunks{data: []byte("three"), step: 2}))
	fmt.Printf("%q %v\n", all, err)
	var tee bytes.Buffer
	all, _ = io.ReadAll(io.TeeReader(io.LimitReader(&chunks{data: []byte("limited data"), step: 3}, 7), &tee))
	fmt.Printf("%q %q\n", all, tee.String())
	io.WriteString(w, "|ws")
	fmt.Println(w.buf.String())

	sc := bufio.NewScanner(&chunks{data: []byte("alpha beta\ngamma\n\ndelta"), step: 3})
	for sc.Scan() {
		fmt.Printf("line %q\n", sc.Text())
	}
	fmt.Println("err", sc.Err())
	words := bufio.NewScanner(&chunks{data: []byte("  the quick  brown\tfox "), step: 4})
	words.Split(bufio.ScanWords)
	count := 0
	for words.Scan() {
		count++
	}
	fmt.Println("words", count)
	long := bufio.NewScanner(&chunks{data: bytes.Repeat([]byte("x"), 100), step: 7})
	long.Buffer(make([]byte, 10), 20)
	for long.Scan() {
	}
	fmt.Println(long.Err(), long.Err() == bufio.ErrTooLong)

	br := bufio.NewReaderSize(&chunks{data: []byte("first line\nsecond\nrest"), step: 5}, 16)
	l1, _ := br.ReadString('\n')
	b, _ := br.ReadByte()
	br.UnreadByte()
	l2, _, _ := br.ReadLine()
	rest, err := br.ReadString('\n')
	fmt.Printf("%q %q %q %q %v\n", l1, b, l2, rest, err)
	peek := bufio.NewReader(&chunks{data: []byte("peekaboo"), step: 2})
	p, err := peek.Peek(6)
	fmt.Printf("%q %v %d\n", p, err, peek.Buffered())

	cw := &counting{}
	bw := bufio.NewWriterSize(cw, 8)
	for i := range 5 {
		fmt.Fprintf(bw, "%d-", i)
	}
	fmt.Println("before flush", cw.calls, bw.Buffered())
	bw.Flush()
	fmt.Println("after flush", cw.calls, cw.buf.String())
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintln(out, "through bufio to stdout")
	rw := bufio.NewReadWriter(bufio.NewReader(&chunks{data: []byte("rw"), step: 1}), bufio.NewWriter(cw))
	got, _ := io.ReadAll(rw)
	rw.WriteString(string(got))
	rw.Flush()
	fmt.Fprintln(out, cw.buf.String())
}
