package ssainterp

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// modelFunc implements a function the interpreter models instead of
// running its body or bridging it. It receives the caller's frame and the
// evaluated arguments, delivers its result to register dst (-1: none), and
// returns the frame to continue with: fr, a callee frame it pushed, or nil
// after rewinding fr.pc to stop before a visible operation.
type modelFunc func(m *Machine, fr *frame, args []value, dst int) *frame

// models maps a function's full name (types.Func.FullName style as
// ssa.Function.String prints it, generic origin for instances) to its
// model. Filled by the init functions of the model files.
var models = map[string]modelFunc{}

// genericModels makes the models of generic functions, which depend on
// the instance's type arguments.
var genericModels = map[string]func(p *Program, fn *ssa.Function) modelFunc{}

// nativeReflect lists the functions of package reflect that run natively:
// they work on plain values (kinds, tags) only.
var nativeReflect = map[string]bool{
	"(reflect.Kind).String":      true,
	"(reflect.ChanDir).String":   true,
	"(reflect.StructTag).Get":    true,
	"(reflect.StructTag).Lookup": true,
}

// modelledTypes lists types whose values the interpreter keeps state for:
// their zero value is value{} and the state lives in the cell, created on
// first use.
var modelledTypes = map[string]bool{
	"sync.Mutex":     true,
	"sync.RWMutex":   true,
	"sync.WaitGroup": true,
	"sync.Map":       true,
}

// interpLayout lists struct types of bridged packages whose values are
// laid out as interpreted structs because models create and read them.
var interpLayout = map[string]bool{
	"time.Timer":  true,
	"time.Ticker": true,
}

// modelFor returns the model of fn, or nil.
func (p *Program) modelFor(fn *ssa.Function) modelFunc {
	if v, ok := p.models.Load(fn); ok {
		return v.(modelFunc)
	}
	name := fn.String()
	if o := fn.Origin(); o != nil {
		name = o.String()
	}
	mf := models[name]
	if h := p.host; h != nil && h.Hooks[name] != nil {
		mf = hookModel(fn, h.Hooks[name])
	}
	if mf == nil && fn.Blocks == nil && fn.Pkg != nil && p.interpreted(fn.Pkg.Pkg) {
		// A bodyless function: its //go:linkname target's model.
		mf = models[p.linkTarget(fn)]
	}
	if gm := genericModels[name]; gm != nil && mf == nil {
		mf = gm(p, fn)
	}
	if mf == nil && inReflect(name) && !nativeReflect[name] {
		mf = func(m *Machine, fr *frame, args []value, dst int) *frame {
			unsupported("%s is not modelled", name)
			return nil
		}
	}
	p.models.Store(fn, mf)
	return mf
}

// set delivers a model's result.
func set(fr *frame, dst int, v value) {
	if dst >= 0 {
		fr.regs[dst] = v
	}
}

// cellOf returns the memory cell a pointer argument points to.
func cellOf(p value) *value {
	c, _ := p.r.(*value)
	if c == nil {
		throwPanic(nilDeref())
	}
	return c
}

// stop rewinds fr so that the call is re-executed when the goroutine is
// next scheduled, and stops it.
func stop(fr *frame) *frame {
	fr.pc--
	return nil
}

// anyType returns the rtype of interface{}.
func (p *Program) anyRtype() *rtype { return p.rtypeOf(types.NewInterfaceType(nil, nil)) }

// inReflect reports whether the function named name belongs to package
// reflect.
func inReflect(name string) bool {
	name = strings.TrimLeft(name, "(*")
	return strings.HasPrefix(name, "reflect.")
}
