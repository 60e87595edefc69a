// Tests log.Logger writing to os.Stdout with flags 0 and prefixes, Lmsgprefix, log.Panic recovered.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

func main() {
	l := log.New(os.Stdout, "[app] ", 0)
	l.Println("starting", 1, true)
	l.Printf("value=%d name=%q", 42, "x")
	l.Print("no newline added twice\n")
	l.SetPrefix("[db] ")
	l.Println("query ok")
	l.SetFlags(log.Lmsgprefix)
	l.Println("prefix after header")
	fmt.Println("flags:", l.Flags(), "prefix:", l.Prefix())
	var buf bytes.Buffer
	bl := log.New(&buf, "", log.Lshortfile&0)
	bl.Println("into buffer")
	bl.Println("second")
	fmt.Printf("buffer: %q\n", buf.String())
	func() {
		defer func() {
			r := recover()
			fmt.Printf("recovered log.Panic: %q\n", r)
		}()
		l.Panicf("bad thing %d", 7)
	}()
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.SetPrefix("std: ")
	log.Println("standard logger")
	log.Printf("formatted %v", []int{1, 2})
	fmt.Println("writer is stdout:", log.Writer() == os.Stdout)
	log.SetOutput(os.Stderr)
	log.Print("to stderr via standard logger")
}
