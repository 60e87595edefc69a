package component

import (
	"fmt"
	"go/types"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// extract builds the component from what the probe learnt and the
// options; the doc comments of its type and methods are read from prog's
// syntax (none if prog is nil).
func extract(prog *ssainterp.Program, got *check.ProbeResult, o check.ComponentConfig) (*envgen.Component, error) {
	opts := o.Options
	if res := got.Sig.Results(); prog != nil && res.Len() > 0 {
		t := res.At(0).Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			opts.Docs = envgen.DocsOf(prog.Files(n.Obj().Pkg()), n)
		}
	}
	for i, ut := range got.User {
		src := fmt.Sprintf("values[%d]", i)
		switch {
		case i < len(o.Values):
			src = readable(o.Values[i])
		case i < len(got.UserText) && got.UserText[i] != "":
			src = got.UserText[i]
		}
		opts.User = append(opts.User, envgen.UserValue{Type: ut, Src: src})
	}
	return envgen.Extract(got.Ctor, got.Sig, opts)
}
