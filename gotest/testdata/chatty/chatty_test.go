package chatty

import (
	"fmt"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// TestClean prints six lines per execution (two on stdout, two on
// stderr, two through the log package) and is correct.
func TestClean(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var c Counter
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); c.Inc() }()
		go func() { defer wg.Done(); c.Inc() }()
		wg.Wait()
	}, mcheck.Executions(200))
}

// TestRacy prints on every call and has a data race.
func TestRacy(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var c Counter
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); c.IncRacy() }()
		go func() { defer wg.Done(); c.IncRacy() }()
		wg.Wait()
	}, mcheck.Executions(200))
}

// TestLoud prints 100 lines and fails: its report shows the last ones.
func TestLoud(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		for i := range 100 {
			fmt.Println("line", i)
		}
		t.Error("loud and wrong")
	}, mcheck.Executions(10))
}
