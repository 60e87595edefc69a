// Command robust_stdin_eof counts the lines of its standard input with a
// reader goroutine that forgets to close its channel at end of input:
// main ranges over the channel forever. Under mcheck standard input is
// empty, so the end comes at once (never the host's input, never a
// block past the budget).
//
// want: global deadlock [all goroutines are asleep]
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		// bug: no close(lines) at end of input
	}()
	n := 0
	for range lines {
		n++
	}
	fmt.Println(n, "lines")
}
