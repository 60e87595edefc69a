package ssainterp

import (
	"bytes"
	"testing"
)

// TestIOErrorsEachExecution: io's exported errors are the native ones in
// every execution of a program (their values are worked out once per
// program), and a program that sets one sets it for that execution only.
func TestIOErrorsEachExecution(t *testing.T) {
	prog, err := loadSrc(t, `package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

func main() {
	var buf [4]byte
	_, err := io.ReadFull(strings.NewReader("ab"), buf[:])
	fmt.Println(err == io.ErrUnexpectedEOF, errors.Is(err, io.ErrUnexpectedEOF))
	_, err = strings.NewReader("").Read(buf[:])
	fmt.Println(err == io.EOF, io.EOF.Error(), io.ErrShortWrite.Error())
	io.EOF = errors.New("changed")
	fmt.Println(io.EOF.Error())
}
`)
	if err != nil {
		t.Fatal(err)
	}
	const want = "true true\ntrue EOF short write\nchanged\n"
	for i := range 3 {
		var out bytes.Buffer
		if res := prog.Run("m", Config{Stdout: &out}); res.Fault != nil || out.String() != want {
			t.Errorf("execution %d: fault %v, output %q, want %q", i, res.Fault, out.String(), want)
		}
	}
}
