package gotest

import (
	"flag"
	"slices"
	"testing"
)

// TestTagsFlag: -mcheck.tags adds to the tags a test's options set.
func TestTagsFlag(t *testing.T) {
	if err := flag.Set("mcheck.tags", "b,c"); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("mcheck.tags", "")
	c := withFlags(Config{Tags: []string{"a"}})
	if !slices.Equal(c.Tags, []string{"a", "b,c"}) {
		t.Fatalf("tags %q", c.Tags)
	}
}
