package gotest

import (
	"flag"
	"slices"
	"testing"
	"time"
)

// TestTagsFlag: -mcheck.tags adds to the tags a test's options set.
func TestTagsFlag(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	defineFlags(fs)
	if err := fs.Parse([]string{"-mcheck.tags=b,c"}); err != nil {
		t.Fatal(err)
	}
	c := applyFlags(Config{Tags: []string{"a"}}, fs.Visit, time.Second, time.Second, false)
	if !slices.Equal(c.Tags, []string{"a", "b,c"}) {
		t.Fatalf("tags %q", c.Tags)
	}
}
