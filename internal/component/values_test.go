package component

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestReadableValues: values given to mcheck.Values print as a Go
// developer would write them, not as their internals.
func TestReadableValues(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	timed, stop := context.WithTimeout(context.Background(), time.Hour)
	defer stop()
	type big struct {
		Name string
		mu   sync.Mutex
		Data [20]int
	}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{context.Background(), "context.Background()"},
		{context.TODO(), "context.TODO()"},
		{cancelled, "ctx (cancelled)"},
		{timed, "ctx (deadline)"},
		{context.WithValue(context.Background(), "k", 1), "ctx"},
		{func() {}, "func@values_test.go:"},
		{strings.ToUpper, "func@"},
		{42, "42"},
		{"key", `"key"`},
		{&big{Name: "n"}, "&component.big{Name:\"n\", mu:sync.Mutex{"},
		{nil, "nil"},
	} {
		got := readable(tc.v)
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("readable(%T) = %q, want it to start with %q", tc.v, got, tc.want)
		}
		if n := len([]rune(got)); n > maxValueText {
			t.Errorf("readable(%T) is %d runes: %q", tc.v, n, got)
		}
	}
	if got := readable(&big{}); !strings.HasSuffix(got, "…") {
		t.Errorf("a long value is not cut: %q", got)
	}
}
