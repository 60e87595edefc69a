package chatty

import (
	"fmt"
	"log"
	"os"
	"sync"
)

// Counter counts, and says so on every call.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Inc adds one, and says so on stdout, on stderr and in the log.
func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	n := c.n
	c.mu.Unlock()
	fmt.Println("stdout: inc", n)
	fmt.Fprintln(os.Stderr, "stderr: inc", n)
	log.Printf("log: inc %d", n)
}

// IncRacy adds one without the lock, and says so.
func (c *Counter) IncRacy() {
	c.n++
	fmt.Println("stdout: racy inc", c.n)
	log.Printf("log: racy inc %d", c.n)
}
