// Command robust_stdin_eof_fixed closes the channel when the input ends.
//
// want: clean
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	n := 0
	for range lines {
		n++
	}
	fmt.Println(n, "lines")
}
