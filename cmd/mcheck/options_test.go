package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/gotest"
)

// TestEveryOptionApplies: mcheck test knows every option package mcheck
// has (mcheck.Values is read by the interpreter itself).
func TestEveryOptionApplies(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../mcheck.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
			continue
		}
		if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); !ok || id.Name != "Option" || fd.Name.Name == "Values" {
			continue
		}
		n++
		if _, err := nativeOption(gotest.TestOption{Name: fd.Name.Name}); err != nil {
			t.Error(err)
		}
	}
	if n < 15 {
		t.Errorf("found %d options in mcheck.go", n)
	}
}

// TestTestCommandOptions: the options a test passes to mcheck.Run or
// mcheck.Component hold under mcheck test, and flags given override
// them.
func TestTestCommandOptions(t *testing.T) {
	t.Chdir("../../gotest/testdata/bank")
	var out, errb bytes.Buffer
	// mcheck.Strategy("dfs"), Preemptions(-1), SyncOnly().
	if code := run([]string{"test", "-run", "^TestTransferFixed$", "."}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "mcheck: explored all 11 schedules (dfs), no bug") {
		t.Errorf("TestTransferFixed: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run([]string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-executions", "50", "."}, &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "mcheck: 50 executions (random)") {
		t.Errorf("flags over options: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"test", "-run", "^TestBadBudget$", "."}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "mcheck: TestBadBudget: mcheck.Budget 0s: a time budget must be positive (leave it out for the default); mcheck.Executions -1: an execution budget must be positive") {
		t.Errorf("TestBadBudget: exit %d\n%s%s", code, out.String(), errb.String())
	}

	t.Chdir("../cache")
	out.Reset()
	// mcheck.Finish("Close"): without it the batcher's goroutine leaks.
	if code := run([]string{"test", "-run", "^TestBatcher$", "-budget", "1s", "."}, &out, &errb); code != 0 || !strings.Contains(out.String(), "no bug") {
		t.Errorf("TestBatcher: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	// mcheck.Finish("Check"), mcheck.NoRaces(): the lost update, and
	// results that point at themselves in the environment.
	if code := run([]string{"test", "-run", "^TestGraph$", "."}, &out, &errb); code != 1 ||
		!strings.Contains(out.String(), "mcheck: panic: lost update") || !strings.Contains(out.String(), "environment: g") {
		t.Errorf("TestGraph: exit %d\n%s%s", code, out.String(), errb.String())
	}
}
