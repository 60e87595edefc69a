package component

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Reductions of parallelism in Component's schedule of environments
// (Parizek and Plasil 2008, Sect. 2.2 and 4): the
// detectors of P1–P4 weigh the pairs of the component's methods, the
// calling protocol (the user's, or the default one) is reduced so that
// only suspicious pairs run in parallel, and the restart loop draws its
// environments from the reductions and the unreduced protocol in turn.

// reduce gives comp the reductions of parallelism that apply to it, as
// cc asks, from the detectors run over the SSA package of its type.
func reduce(prog *ssainterp.Program, comp *envgen.Component, cc check.ComponentConfig) {
	if cc.Reduction == "none" || comp.Pkg == nil {
		return
	}
	var fs []detect.Finding
	prog.AnalyzeSSA(func(p *ssa.Program) {
		if pkg := p.Package(comp.Pkg); pkg != nil {
			fs = detect.DetectPackage(prog.Fset(), pkg)
		}
	})
	threshold := cc.Threshold
	if threshold == 0 {
		threshold = envgen.DefaultThreshold
	}
	if cc.Patterns != nil {
		fs = slices.DeleteFunc(fs, func(f detect.Finding) bool { return !slices.Contains(cc.Patterns, f.Pattern) })
	}
	w := comp.WeightsOf(fs)
	if cc.Reduction == "protocol" {
		if comp.Protocol == nil {
			comp.Protocol = comp.DefaultProtocol(w)
		}
		return
	}
	comp.Reduce(w, threshold)
	if cc.Reduction != "" {
		comp.Reduced = slices.DeleteFunc(comp.Reduced, func(r envgen.Reduced) bool {
			return envgen.ReductionNames[r.Reduction] != cc.Reduction
		})
		if len(comp.Reduced) == 0 {
			comp.Notes = append(comp.Notes, fmt.Sprintf("-reduction %s does not apply (no pair of methods the P1–P4 detectors weigh runs in parallel, or parallel prefixes of a component with an init method): the environments are not reduced", cc.Reduction))
		}
	}
}

// reductionOf says which environments attempt i (from 1) of the restart
// loop draws. Odd attempts go through the reductions in the paper's
// recommended order and then the unreduced protocol (Sect. 4: parallel
// prefixes, sensitive composition, recursive reduction, no reduction);
// even ones draw unreduced environments, so that a component whose bug
// the detectors do not point at is searched as often as before. With one
// reduction asked for (-mcheck.reduction=sensitive), every attempt draws
// from it.
func reductionOf(comp *envgen.Component, cc check.ComponentConfig, i int) envgen.Reduction {
	n := len(comp.Reduced)
	switch {
	case n == 0:
		return envgen.Unreduced
	case cc.Reduction != "":
		return comp.Reduced[0].Reduction
	case i%2 == 0:
		return envgen.Unreduced
	}
	if k := (i / 2) % (n + 1); k < n {
		return comp.Reduced[k].Reduction
	}
	return envgen.Unreduced
}
