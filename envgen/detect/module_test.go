package detect_test

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa/ssautil"
)

const module = "github.com/mcheck-dev/mcheck"

var moduleOnce = sync.OnceValues(func() (map[string]moduleResult, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedImports,
		Dir: "../..",
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading the module", n)
	}
	prog, ssaPkgs := ssautil.Packages(pkgs, 0)
	prog.Build()
	out := map[string]moduleResult{}
	for i, p := range ssaPkgs {
		out[pkgs[i].PkgPath] = moduleResult{pkgs[i].Fset, detect.DetectPackage(pkgs[i].Fset, p)}
	}
	return out, nil
})

type moduleResult struct {
	fset *token.FileSet
	fs   detect.Findings
}

// analyzeModule runs detect.Analyzer on every package of the module (once
// per test binary) and returns the findings by package path.
func analyzeModule(t *testing.T) map[string]moduleResult {
	t.Helper()
	m, err := moduleOnce()
	if err != nil {
		t.Fatalf("loading the module: %v (reproduce: go vet -vettool=$(go env GOPATH)/bin/mcheck-vet ./... from the module root)", err)
	}
	return m
}

// TestModuleClean checks that the detectors report nothing on the
// module's own packages (the examples, which hold bugs on purpose, aside).
func TestModuleClean(t *testing.T) {
	m := analyzeModule(t)
	n := 0
	for path, r := range m {
		if strings.HasPrefix(path, module+"/examples/") {
			continue
		}
		n++
		for _, f := range r.fs {
			t.Errorf("%s: %s", r.fset.Position(f.Pos), f.Message())
		}
	}
	if n < 10 {
		t.Errorf("analysed %d packages of the module outside examples; want the whole module", n)
	}
}

// TestComponents checks that the detectors find the bug injected in each
// component of examples/components, as the pattern the paper names for it
// (Appendix A) or the one its Go model makes, between the methods the
// bug involves.
func TestComponents(t *testing.T) {
	m := analyzeModule(t)
	for _, c := range []struct {
		pkg     string
		pattern detect.Pattern
		methods [2]string
	}{
		{"orderprocessor", detect.P1, [2]string{"(*Processor).PlaceOrder", "(*Processor).CancelOrder"}},
		{"transientipdb", detect.P4, [2]string{"(*DB).ExpirationTime", "(*DB).Add"}},
		{"accountdatabase", detect.P4, [2]string{"(*DB).Balance", "(*DB).Deposit"}},
		{"ipaddressmanager", detect.P4, [2]string{"(*Manager).Allocated", "(*Manager).Release"}},
		{"objectpool", detect.P3, [2]string{"(*Pool).Borrow", "(*Pool).Return"}},
		{"pessimistic", detect.P3, [2]string{"(*Manager).Rollback", "(*Manager).Validate"}},
		{"hashmap", detect.P3, [2]string{"(*Map).Put", "(*Map).Get"}},
		{"semaphore", detect.P5, [2]string{"(*Weighted).Acquire", "(*Weighted).Release"}},
		{"batcher", detect.P5, [2]string{"(*Batcher).Shutdown", "(*Batcher).Shutdown"}},
		{"boundedqueue", detect.P6, [2]string{"(*Queue).Take", "(*Queue).Take"}},
	} {
		r, ok := m[module+"/examples/components/"+c.pkg]
		if !ok {
			t.Errorf("%s: package not analysed", c.pkg)
			continue
		}
		found := slices.ContainsFunc(r.fs, func(f detect.Finding) bool {
			return f.Pattern == c.pattern && slices.Contains(f.Methods, c.methods[0]) && slices.Contains(f.Methods, c.methods[1])
		})
		if !found {
			t.Errorf("%s: no %v finding between %s and %s; findings:", c.pkg, c.pattern, c.methods[0], c.methods[1])
			for _, f := range r.fs {
				t.Logf("  %s", f.Message())
			}
		}
		w := detect.Weights(r.fs)
		t.Logf("%s: %d findings, %d method pairs, weight of %s∥%s = %g", c.pkg, len(r.fs), len(w),
			c.methods[0], c.methods[1], w[[2]string{min(c.methods[0], c.methods[1]), max(c.methods[0], c.methods[1])}])
	}
}
