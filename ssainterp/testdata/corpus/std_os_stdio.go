// Tests writing to os.Stdout and os.Stderr through several APIs, interleaved deterministically.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Stdout.WriteString("WriteString to stdout\n")
	os.Stderr.WriteString("WriteString to stderr\n")
	n, err := os.Stdout.Write([]byte("Write to stdout\n"))
	fmt.Println(n, err)
	fmt.Fprintf(os.Stderr, "Fprintf to stderr %d\n", 2)
	io.WriteString(os.Stdout, "io.WriteString to stdout\n")
	var w io.Writer = os.Stdout
	fmt.Fprintln(w, "via io.Writer interface")
	fmt.Println("Stdout name:", os.Stdout.Name(), "Stderr name:", os.Stderr.Name())
	for i := range 3 {
		fmt.Fprintf(os.Stdout, "out %d\n", i)
		fmt.Fprintf(os.Stderr, "err %d\n", i)
	}
	fmt.Fprint(os.Stderr, "no newline at end of stderr")
}
