package detect

import (
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
)

// Findings is the result of Analyzer: every instance of P1–P4 in the package.
type Findings []Finding

// Analyzer finds the instances of P1–P4 in a package and reports nothing;
// its result (Findings) is for the pattern analyzers and for envgen.
var Analyzer = &analysis.Analyzer{
	Name:       "mcheckdetect",
	Doc:        "find instances of the patterns P1–P4 of Parizek and Plasil (the result of the P1–P4 analyzers)",
	URL:        "https://pkg.go.dev/github.com/mcheck-dev/mcheck/envgen/detect",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[Findings](),
	Run: func(pass *analysis.Pass) (any, error) {
		s := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		return Findings(Detect(pass.Fset, s.Pkg, s.SrcFuncs)), nil
	},
}

// The pattern analyzers report the instances of one pattern each, as
// diagnostics; their result is those instances (Findings).
var (
	P1Analyzer = patternAnalyzer(P1, "lockorder", "report locks taken in cyclic nesting order by methods (P1)")
	P2Analyzer = patternAnalyzer(P2, "lockedwait", "report waits under locks that their waker needs (P2)")
	P3Analyzer = patternAnalyzer(P3, "mixedlocks", "report fields accessed under different locks, or a lock and none (P3)")
	P4Analyzer = patternAnalyzer(P4, "unsyncshared", "report unsynchronised use of shared maps, slices and containers (P4)")
	P5Analyzer = patternAnalyzer(P5, "splitsection", "report a variable checked in one critical section and updated in a later one on the same lock (P5, mcheck's)")
	P6Analyzer = patternAnalyzer(P6, "waitloop", "report a sync.Cond.Wait not in a loop (P6, mcheck's)")
)

// Analyzers are the pattern analyzers, for a vet tool.
var Analyzers = []*analysis.Analyzer{P1Analyzer, P2Analyzer, P3Analyzer, P4Analyzer, P5Analyzer, P6Analyzer}

func patternAnalyzer(p Pattern, name, doc string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       name,
		Doc:        doc + "\n\nSee the package doc of github.com/mcheck-dev/mcheck/envgen/detect.",
		URL:        "https://pkg.go.dev/github.com/mcheck-dev/mcheck/envgen/detect",
		Requires:   []*analysis.Analyzer{Analyzer},
		ResultType: reflect.TypeFor[Findings](),
		Run: func(pass *analysis.Pass) (any, error) {
			var mine Findings
			for _, f := range pass.ResultOf[Analyzer].(Findings) {
				if f.Pattern == p {
					mine = append(mine, f)
				}
			}
			report(pass, mine)
			return mine, nil
		},
	}
}

// report emits one diagnostic per reported site: findings with the same
// position and site (an unsynchronised read against several writers) are
// joined into one.
func report(pass *analysis.Pass, fs Findings) {
	type site struct {
		pos  token.Pos
		site string
	}
	var order []site
	groups := map[site][]Finding{}
	for _, f := range fs {
		k := site{f.Pos, f.Site}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], f)
	}
	for _, k := range order {
		g := groups[k]
		others := make([]string, len(g))
		var related []analysis.RelatedInformation
		for i, f := range g {
			others[i] = f.Other + " (weight " + weightString(f.Weight) + ")"
			for _, r := range f.Related {
				related = append(related, analysis.RelatedInformation{Pos: r, Message: f.Other})
			}
		}
		pass.Report(analysis.Diagnostic{
			Pos:     k.pos,
			Message: g[0].Pattern.String() + ": " + k.site + "; " + strings.Join(others, "; "),
			Related: related,
		})
	}
}
