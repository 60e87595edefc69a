package main_test

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen/detect"
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

// TestDocListsAnalyzers: the command's documentation and envgen/detect's
// name every analyzer the tool runs, in order, each with its pattern, and
// no other ("lockorder (P1), lockedwait (P2), ...").
func TestDocListsAnalyzers(t *testing.T) {
	var want []string
	for _, a := range detect.Analyzers {
		p := regexp.MustCompile(`\((P\d)\b`).FindStringSubmatch(a.Doc)
		if p == nil {
			t.Fatalf("analyzer %s: its doc names no pattern: %q", a.Name, a.Doc)
		}
		want = append(want, a.Name+" ("+p[1]+")")
	}
	listed := regexp.MustCompile(`\b([a-z]+) \((P\d)\)`)
	// Each doc lists them between these words.
	for _, d := range []struct{ file, from, to string }{
		{"main.go", "The analyzers are ", ";"},
		{"../../envgen/detect/doc.go", "(Analyzers: ", "))"},
	} {
		file := d.file
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
		_, doc, ok := strings.Cut(doc, d.from)
		doc, _, ok2 := strings.Cut(doc, d.to)
		doc += ")" // the last pattern's, if the list ends in "))"
		if !ok || !ok2 {
			t.Errorf("%s's package doc has no list of the analyzers between %q and %q", file, d.from, d.to)
			continue
		}
		var got []string
		for _, m := range listed.FindAllStringSubmatch(doc, -1) {
			got = append(got, m[1]+" ("+m[2]+")")
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's package doc lists the analyzers\n\t%s\nbut detect.Analyzers are\n\t%s", file, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
}
