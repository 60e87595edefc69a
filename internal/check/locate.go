package check

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

// Locating tests: mcheck.Run and mcheck.Component are called by a test
// running natively; what they explore is that same test, loaded from its
// package's source. These functions find which test, from the test body
// (a function literal of the test, or a named function) or from the
// call stack.

// TopName returns the top-level test of a test or subtest name.
func TopName(name string) string {
	top, _, _ := strings.Cut(name, "/")
	return top
}

// Locate returns the identity of the test testName (a top-level test's
// name) whose body is body, a function literal of it or a named function
// of its package.
func Locate(testName string, body any) (ID, error) {
	name, ok := funcName(body) // "example.com/pkg.TestX.func1", or a named function
	if !ok {
		return ID{}, fmt.Errorf("mcheck.Run needs a test body func(*testing.T), not %T", body)
	}
	if i := strings.Index(name, "."+testName+"."); i >= 0 {
		return ID{name[:i], testName}, nil
	}
	// A named function as body: its package is the test's.
	if pkg, _, ok := splitFunc(name); ok {
		return ID{pkg, testName}, nil
	}
	return ID{}, fmt.Errorf("cannot tell the package of %s", name)
}

// LocateCaller returns the identity of the running top-level test
// testName from the call stack, skipping skip frames (the constructor
// given to mcheck.Component may be another package's, so the stack
// decides).
func LocateCaller(testName string, skip int) (ID, error) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(skip+1, pcs)])
	for {
		fr, more := frames.Next()
		if i := strings.LastIndex(fr.Function, "."+testName); i >= 0 && (strings.HasSuffix(fr.Function, "."+testName) || strings.HasPrefix(fr.Function[i+len(testName)+1:], ".func")) {
			return ID{fr.Function[:i], testName}, nil
		}
		if !more {
			break
		}
	}
	return ID{}, fmt.Errorf("cannot find the test %s on the stack of mcheck.Component", testName)
}

// Named returns the identity of fn, a named function of a test package
// with a test's signature (a scenario: func checkX(t *testing.T)).
func Named(fn any) (ID, error) {
	full, ok := funcName(fn)
	if !ok {
		return ID{}, fmt.Errorf("cannot find the scenario function of %T", fn)
	}
	pkg, name, ok := splitFunc(full)
	if !ok || strings.Contains(name, "func") {
		return ID{}, fmt.Errorf("the scenario must be a named function, not %s", full)
	}
	return ID{pkg, name}, nil
}

// funcName returns the name of the function fn as the runtime spells it,
// or false if fn is not a non-nil function.
func funcName(fn any) (string, bool) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", false
	}
	f := runtime.FuncForPC(v.Pointer())
	if f == nil {
		return "", false
	}
	return f.Name(), true
}

// splitFunc splits "example.com/pkg.Name" after the package path.
func splitFunc(name string) (pkg, fn string, ok bool) {
	slash := strings.LastIndex(name, "/")
	i := strings.Index(name[slash+1:], ".")
	if i < 0 {
		return "", "", false
	}
	i += slash + 1
	return name[:i], name[i+1:], true
}
