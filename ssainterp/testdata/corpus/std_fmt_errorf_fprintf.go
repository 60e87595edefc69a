// Tests fmt.Errorf (%w, multiple %w), Fprintf to os.Stdout/os.Stderr, Sprintln, Fprint and Append functions.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

var ErrA = errors.New("error A")
var ErrB = errors.New("error B")

func main() {
	e1 := fmt.Errorf("context: %w", ErrA)
	fmt.Println(e1, errors.Is(e1, ErrA), errors.Unwrap(e1) == ErrA)
	e2 := fmt.Errorf("both: %w and %w", ErrA, ErrB)
	fmt.Println(e2, errors.Is(e2, ErrA), errors.Is(e2, ErrB), errors.Unwrap(e2) == nil)
	e3 := fmt.Errorf("no wrap: %v", ErrA)
	fmt.Println(e3, errors.Is(e3, ErrA))
	e4 := fmt.Errorf("plain %d", 5)
	fmt.Printf("%v %T\n", e4, e4)
	fmt.Printf("%T %T\n", e1, e2)
	e5 := fmt.Errorf("nil wrap: %w", nil)
	fmt.Println(e5)
	n, err := fmt.Fprintf(os.Stdout, "to stdout %d %s\n", 1, "x")
	fmt.Println("wrote", n, err)
	fmt.Fprintln(os.Stderr, "to stderr", 2)
	fmt.Fprint(os.Stdout, "fprint", 3, 4, "\n")
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s-%d", "sb", 9)
	fmt.Fprint(&sb, "|", 1.5)
	fmt.Println(sb.String())
	b := fmt.Appendf([]byte("pre:"), "%03d", 7)
	b = fmt.Append(b, " x", 1)
	b = fmt.Appendln(b, " end")
	fmt.Print(string(b))
	s := fmt.Sprintln("a", 1, true)
	fmt.Printf("%q\n", s)
	fmt.Printf("%q\n", fmt.Sprint("a", "b", 1, 2, "c"))
	n, _ = fmt.Println()
	fmt.Println("empty Println wrote", n)
	if !errors.Is(e2, ErrB) {
		panic("FAIL: multi-%w")
	}
}
