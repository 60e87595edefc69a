package component

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
)

// readable spells a value the test gave (mcheck.Values) as a Go
// developer would write it in an environment line: context.Background(),
// "ctx (cancelled)", "ctx (deadline)" (not how far: the text must be the
// same in a replay), a function as
// func@file.go:12, anything else as Go syntax cut at maxValueText runes
// with "…" (a cancelled context's struct, a mutex's state, are hundreds
// of characters of internals).
func readable(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case context.Context:
		return contextText(x)
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Func {
		if rv.IsNil() {
			return "nil"
		}
		if f := runtime.FuncForPC(rv.Pointer()); f != nil {
			file, line := f.FileLine(rv.Pointer())
			return fmt.Sprintf("func@%s:%d", filepath.Base(file), line)
		}
		return "func"
	}
	s := []rune(fmt.Sprintf("%#v", v))
	if len(s) > maxValueText {
		return string(s[:maxValueText-1]) + "…"
	}
	return string(s)
}

// maxValueText is the longest a value's text gets in an environment.
const maxValueText = 60

// contextText spells a context: the two root ones by their
// constructors, any other by its state.
func contextText(ctx context.Context) string {
	switch ctx {
	case context.Background():
		return "context.Background()"
	case context.TODO():
		return "context.TODO()"
	}
	if ctx.Err() != nil {
		return "ctx (cancelled)"
	}
	if _, ok := ctx.Deadline(); ok {
		return "ctx (deadline)"
	}
	return "ctx"
}
