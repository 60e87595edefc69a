package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
)

// TestGoTool: the README's install, a tool line in go.mod: go tool mcheck
// runs the command.
func TestGoTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	t.Parallel()
	mod := checktest.TempModule(t, nil)
	gomod := filepath.Join(mod, "go.mod")
	b, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, append(b, "\ntool github.com/mcheck-dev/mcheck/cmd/mcheck\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "tool", "mcheck", "test", "-h")
	cmd.Dir = mod
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "usage: mcheck test [flags] PKG...") || !strings.Contains(string(out), "-budget duration") {
		t.Fatalf("go tool mcheck test -h: %v\n%s", err, out)
	}
}
