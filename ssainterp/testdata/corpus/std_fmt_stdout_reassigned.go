// Command std_fmt_stdout_reassigned prints with fmt.Print, Println and
// Printf before, between and after writes through os.Stdout itself, with
// os.Stdout set to os.Stderr and to nil (whose writes fail), and prints
// what each call returned.
package main

import (
	"fmt"
	"os"
)

func main() {
	n, err := fmt.Println("before os.Stdout is used", 1)
	fmt.Print("returned ", n, " ", err, "\n")
	fmt.Fprintln(os.Stdout, "through os.Stdout")
	n, err = fmt.Printf("%s %d\n", "after it", 2)
	fmt.Println("returned", n, err)
	os.Stdout.WriteString("written directly\n")

	saved := os.Stdout
	os.Stdout = os.Stderr
	n, err = fmt.Println("to standard error")
	fmt.Fprintln(saved, "returned", n, err)
	fmt.Print("print ", "to standard error\n")

	os.Stdout = nil
	n, err = fmt.Println("lost")
	m, err2 := fmt.Printf("%d", 3)
	os.Stdout = saved
	fmt.Println("a nil os.Stdout returned", n, err, m, err2)

	os.Stdout = saved
	fmt.Print("restored", "\n")
	for i := range 3 {
		fmt.Printf("%d ", i)
		fmt.Fprint(os.Stdout, "|")
	}
	fmt.Println()
}
