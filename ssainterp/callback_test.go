package ssainterp

import (
	"strings"
	"testing"
)

// An mcheck fault (here: os.Pipe, which mcheck refuses) is never
// recoverable by the program: not by its own recover, not by fmt's
// catching of panics in String methods, not by other native code that
// calls back. The execution ends with the fault, naming the file and
// line, and nothing after it runs.
func TestFaultIsNotRecoverable(t *testing.T) {
	cases := map[string]string{
		"recover": `package main

import (
	"fmt"
	"os"
)

func open() {
	defer func() { recover() }()
	os.Pipe()
}

func main() {
	open()
	fmt.Println("after")
}
`,
		"fmt": `package main

import (
	"fmt"
	"os"
	"sync"
)

type T struct{ mu sync.RWMutex }

func (t *T) String() string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	os.Pipe()
	return "t"
}

func main() {
	fmt.Println(&T{})
	fmt.Println("after")
}
`,
		"log": `package main

import (
	"fmt"
	"log"
	"os"
)

type T struct{}

func (T) String() string {
	os.Pipe()
	return "t"
}

func main() {
	log.SetFlags(0)
	log.Printf("%v", T{})
	fmt.Println("after")
}
`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			res, out, errs := runSrc(t, src, Config{})
			if res.Fault == nil || !strings.Contains(res.Fault.Error(), "os.Pipe") || !strings.Contains(res.Fault.Error(), "main.go:") {
				t.Fatalf("want an mcheck fault naming os.Pipe and main.go:LINE, got fault %v, exit %d, stdout %q, stderr %q", res.Fault, res.ExitCode, out, errs)
			}
			if strings.Contains(out, "after") || strings.Contains(errs, "PANIC") || strings.Contains(errs, "RUnlock") {
				t.Fatalf("the program went on after the fault: stdout %q, stderr %q", out, errs)
			}
		})
	}
}
