package gotest

import (
	"flag"
	"io"
	"testing"
	"time"
)

// TestMemoryFlag: -mcheck.memory sets the exploration's memory bound and
// refuses what is not a positive size.
func TestMemoryFlag(t *testing.T) {
	parse := func(args ...string) (Config, error) {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		defineFlags(fs)
		err := fs.Parse(args)
		return applyFlags(Config{}, fs.Visit, time.Second, time.Second, false), err
	}
	if c, err := parse(); err != nil || c.MaxMemory != 0 {
		t.Fatalf("default: MaxMemory %d, %v", c.MaxMemory, err)
	}
	if c, err := parse("-mcheck.memory=512MiB"); err != nil || c.MaxMemory != 512<<20 {
		t.Fatalf("-mcheck.memory=512MiB: MaxMemory %d, %v", c.MaxMemory, err)
	}
	for _, bad := range []string{"0", "-5", "big"} {
		if _, err := parse("-mcheck.memory=" + bad); err == nil {
			t.Errorf("-mcheck.memory=%s accepted", bad)
		}
	}
}
