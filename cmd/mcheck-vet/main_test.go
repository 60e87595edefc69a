package main_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetTool builds mcheck-vet and runs it under go vet on the
// orderprocessor example, whose lock-order deadlock P1 must report.
func TestVetTool(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mcheck-vet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./examples/components/orderprocessor")
	cmd.Dir = "../.."
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Errorf("go vet -vettool=mcheck-vet succeeded; want the P1 diagnostic and a failure")
	}
	want := "orderprocessor.go:90:17: P1: lock order cycle: (*Processor).inventoryMu → (*Processor).ordersMu in (*Processor).PlaceOrder; (*Processor).ordersMu → (*Processor).inventoryMu in (*Processor).CancelOrder (weight 0.3)"
	if !strings.Contains(string(out), want) {
		t.Errorf("go vet output lacks\n\t%s\n(reproduce: go build -o /tmp/mcheck-vet ./cmd/mcheck-vet && go vet -vettool=/tmp/mcheck-vet ./examples/components/orderprocessor)\noutput:\n%s", want, out)
	}
}
