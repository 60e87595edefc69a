package gotest

import (
	"flag"
	"testing"
)

// TestMemoryFlag: -mcheck.memory sets the exploration's memory bound and
// refuses what is not a positive size.
func TestMemoryFlag(t *testing.T) {
	// The flag stays "set" for the package's other tests: zero is the
	// default bound.
	defer func() { flagMemory = 0 }()
	if c := withFlags(Config{}); c.MaxMemory != 0 {
		t.Fatalf("default: MaxMemory %d", c.MaxMemory)
	}
	if err := flag.CommandLine.Set("mcheck.memory", "512MiB"); err != nil {
		t.Fatal(err)
	}
	if c := withFlags(Config{}); c.MaxMemory != 512<<20 {
		t.Fatalf("-mcheck.memory=512MiB: MaxMemory %d", c.MaxMemory)
	}
	for _, bad := range []string{"0", "-5", "big"} {
		if err := flag.CommandLine.Set("mcheck.memory", bad); err == nil {
			t.Errorf("-mcheck.memory=%s accepted", bad)
		}
	}
}
