package detect_test

import (
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzers runs each pattern analyzer on its testdata package, whose
// // want comments list the expected diagnostics (positives and, by their
// absence elsewhere, negatives).
func TestAnalyzers(t *testing.T) {
	for i, a := range detect.Analyzers {
		pkg := []string{"p1", "p2", "p3", "p4", "p5", "p6"}[i]
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel()
			analysistest.Run(t, analysistest.TestData(), a, pkg)
		})
	}
}

// TestFindingsData checks the findings the P1 analyzer returns as its
// result: methods, Table 1 weights and the method-pair weights envgen uses.
func TestFindingsData(t *testing.T) {
	res := analysistest.Run(t, analysistest.TestData(), detect.P1Analyzer, "p1")
	fs := res[0].Result.(detect.Findings)
	type want struct {
		methods []string
		same    bool
		weight  float64
	}
	wants := []want{
		{[]string{"(*Proc).PlaceOrder", "(*Proc).CancelOrder"}, true, 0.3},
		{[]string{"(*Bank).Deposit", "(*Ledger).Audit"}, false, 1},
		{[]string{"MethodA", "MethodB", "MethodC"}, true, 0.3},
		{[]string{"Transfer", "Transfer"}, true, 0.3},
	}
	if len(fs) != len(wants) {
		t.Fatalf("got %d P1 findings, want %d: %v", len(fs), len(wants), fs)
	}
	for i, w := range wants {
		f := fs[i]
		if f.Pattern != detect.P1 || !slices.Equal(f.Methods, w.methods) || f.Same != w.same || f.Weight != w.weight {
			t.Errorf("finding %d = %v %v same=%v weight=%g; want P1 %v same=%v weight=%g",
				i, f.Pattern, f.Methods, f.Same, f.Weight, w.methods, w.same, w.weight)
		}
	}
	got := detect.Weights(fs)
	for k, w := range map[[2]string]float64{
		{"(*Proc).CancelOrder", "(*Proc).PlaceOrder"}: 0.3,
		{"(*Bank).Deposit", "(*Ledger).Audit"}:        1,
		{"MethodA", "MethodB"}:                        0.3,
		{"MethodA", "MethodC"}:                        0.3,
		{"MethodB", "MethodC"}:                        0.3,
		{"Transfer", "Transfer"}:                      0.3,
	} {
		if got[k] != w {
			t.Errorf("Weights()[%q] = %g, want %g", k, got[k], w)
		}
	}
	if len(got) != 6 {
		t.Errorf("Weights() has %d pairs, want 6: %v", len(got), got)
	}
}

// TestTable1 checks the weights against Table 1 of Parizek and Plasil 2008.
func TestTable1(t *testing.T) {
	for _, c := range []struct {
		p    detect.Pattern
		same bool
		w    float64
	}{
		{detect.P1, true, 0.3}, {detect.P1, false, 1}, {detect.P2, true, 0.5}, {detect.P2, false, 0.5},
		{detect.P3, true, 0.25}, {detect.P3, false, 0.8}, {detect.P4, true, 0.25}, {detect.P4, false, 0.9},
	} {
		if got := detect.Weight(c.p, c.same); got != c.w {
			t.Errorf("Weight(%v, %v) = %g, want %g", c.p, c.same, got, c.w)
		}
	}
}
