package mcheck_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/internal/checktest"
)

// The one-line uses of the README and the examples compile: typed
// constants take untyped strings, every Option is a ComponentOption.
var (
	_ mcheck.Option          = mcheck.Strategy("dfs")
	_ mcheck.ComponentOption = mcheck.Seed(1)
	_ mcheck.ComponentOption = mcheck.Environment("universal", 0)
	_ mcheck.ComponentOption = mcheck.Restarts(mcheck.Walsh, 10)
	_ mcheck.TestingT        = (*testing.T)(nil)
)

// TestComponentOptionToRun: a program that passes an option of
// Component only to Run does not compile, and the compiler says why.
func TestComponentOptionToRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	t.Parallel()
	mod := checktest.TempModule(t, map[string]string{"wrong/wrong_test.go": `package wrong

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestWrong(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {}, mcheck.Methods("A"))
}
`, "right/right_test.go": `package right

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestRight(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {}, mcheck.Seed(1), mcheck.Strategy("dfs"), mcheck.Preemptions(0))
	mcheck.Component(t, New, mcheck.Methods("A"), mcheck.Seed(1), mcheck.Environment(mcheck.UniversalEnvironment, 0))
}

type T struct{}

func New() *T  { return &T{} }
func (*T) A() {}
`})
	cmd := exec.Command("go", "vet", "./wrong", "./right")
	cmd.Dir = mod
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet accepted mcheck.Methods given to mcheck.Run:\n%s", out)
	}
	want := "cannot use mcheck.Methods(\"A\") (value of interface type mcheck.ComponentOption) as mcheck.Option value in argument to mcheck.Run: mcheck.ComponentOption does not implement mcheck.Option (missing method applyRun)"
	if !strings.Contains(string(out), want) || !strings.Contains(string(out), "wrong_test.go:10") || strings.Contains(string(out), "right_test.go") {
		t.Errorf("go vet:\n%s\nwant %q at wrong_test.go:10 only", out, want)
	}
}
