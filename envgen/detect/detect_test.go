package detect_test

import (
	"testing"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzers runs each pattern analyzer on its testdata package, whose
// // want comments list the expected diagnostics (positives and, by their
// absence elsewhere, negatives).
func TestAnalyzers(t *testing.T) {
	for i, a := range detect.Analyzers {
		pkg := []string{"p1", "p2", "p3", "p4"}[i]
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel()
			analysistest.Run(t, analysistest.TestData(), a, pkg)
		})
	}
}
