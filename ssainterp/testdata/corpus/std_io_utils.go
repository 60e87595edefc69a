// Tests io helpers: Pipe with a goroutine, TeeReader, SectionReader, MultiWriter, WriteString, ReadFull, CopyN, EOF errors.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

type upperWriter struct{ w io.Writer }

func (u upperWriter) Write(p []byte) (int, error) {
	return u.w.Write(bytes.ToUpper(p))
}

type countingReader struct {
	r     io.Reader
	calls int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.calls++
	if len(p) > 3 {
		p = p[:3]
	}
	return c.r.Read(p)
}

func main() {
	pr, pw := io.Pipe()
	go func() {
		for i := range 3 {
			fmt.Fprintf(pw, "msg%d;", i)
		}
		pw.CloseWithError(errors.New("producer done"))
	}()
	all, err := io.ReadAll(pr)
	fmt.Printf("pipe: %q err=%v\n", all, err)
	var log bytes.Buffer
	tee := io.TeeReader(strings.NewReader("tee data"), &log)
	got, _ := io.ReadAll(tee)
	fmt.Println("tee:", string(got), "| logged:", log.String())
	sec := io.NewSectionReader(strings.NewReader("0123456789"), 2, 5)
	b, _ := io.ReadAll(sec)
	fmt.Println("section:", string(b), sec.Size())
	var b1, b2 bytes.Buffer
	mw := io.MultiWriter(&b1, &b2, upperWriter{os.Stdout})
	io.WriteString(mw, "multi writer line\n")
	fmt.Println(b1.String() == b2.String(), b1.Len())
	buf := make([]byte, 4)
	n, err := io.ReadFull(strings.NewReader("ab"), buf)
	fmt.Println("ReadFull short:", n, err)
	n, err = io.ReadFull(strings.NewReader(""), buf)
	fmt.Println("ReadFull empty:", n, err)
	n, err = io.ReadAtLeast(strings.NewReader("abcdef"), buf, 2)
	fmt.Println("ReadAtLeast:", n, err, string(buf[:n]))
	var dst strings.Builder
	cn, err := io.CopyN(&dst, strings.NewReader("copy only part"), 4)
	fmt.Println("CopyN:", cn, err, dst.String())
	cn, err = io.CopyN(&dst, strings.NewReader("ab"), 10)
	fmt.Println("CopyN short:", cn, err)
	cr := &countingReader{r: strings.NewReader("0123456789")}
	var out bytes.Buffer
	io.CopyBuffer(&out, cr, make([]byte, 8))
	fmt.Println("counting reader calls:", cr.calls, out.String())
	n2, _ := io.Discard.Write([]byte("ignored"))
	fmt.Println("discard:", n2)
	lr := io.LimitReader(strings.NewReader("limit"), 0)
	lb, err := io.ReadAll(lr)
	fmt.Println("zero limit:", len(lb), err)
	fmt.Println(io.EOF, io.ErrUnexpectedEOF, io.ErrShortWrite, io.ErrClosedPipe)
	nr := io.NopCloser(strings.NewReader("x"))
	fmt.Println("NopCloser close:", nr.Close())
	ow := io.NewOffsetWriter(&fakeWriterAt{data: make([]byte, 8)}, 2)
	ow.Write([]byte("hi"))
	fmt.Println("offset writer done")
}

type fakeWriterAt struct{ data []byte }

func (f *fakeWriterAt) WriteAt(p []byte, off int64) (int, error) {
	n := copy(f.data[off:], p)
	fmt.Printf("WriteAt off=%d %q -> %q\n", off, p, f.data)
	return n, nil
}
