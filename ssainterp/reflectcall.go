package ssainterp

import (
	"go/types"
	"reflect"
)

// Calls through reflection: Value.Call and CallSlice (call), method
// values (methodValue, invokeMethod) and the functions reflect.MakeFunc
// makes (makeFunc).

// callModel is the model of Value.Call (CallSlice with spread). A call
// of an interpreted function or method is an ordinary call (a frame
// pushed under a synthetic one that makes the result Values), so that
// what it calls may block and is scheduled like any code: net/rpc calls
// a service's methods this way, event buses their handlers. A native
// or modelled function is called natively or nested (call).
func callModel(spread bool) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		r, _ := args[0].r.(*rvalue)
		sig, in := m.callArgs(r, args[1].slice(), spread)
		cl := m.callee(r)
		if cl == nil {
			set(fr, dst, m.callResults(sig, m.call(fr, r, sig, in)))
			return fr
		}
		if r.meth != "" {
			in = append([]value{r.v}, in...)
		}
		code := []op{
			func(sfr *frame) *frame {
				callee := m.enter(sfr, cl.fn, 0)
				copy(callee.regs, in)
				copy(callee.regs[cl.fn.nparams:], cl.bindings)
				return callee
			},
			func(sfr *frame) *frame { return m.ret(sfr, m.callResults(sig, sfr.regs[0])) },
		}
		return m.enter(fr, m.synthetic("reflect.Value.Call", 1, fr.fn.posAt(fr.pc-1), code), dst)
	}
}

// callee returns the interpreted function (a closure, or a method with
// r's receiver as its first argument) a Call of r runs from SSA, or nil.
func (m *Machine) callee(r *rvalue) *closure {
	var cl *closure
	if r.meth != "" {
		if f := r.recvT.method(r.meth); f != nil {
			cl = &closure{fn: f}
		}
	} else {
		cl, _ = m.get(r).r.(*closure)
	}
	if cl == nil || cl.fn.external {
		return nil
	}
	return cl
}

// callResults makes the []reflect.Value of a call's result res.
func (m *Machine) callResults(sig *types.Signature, res value) value {
	nr := sig.Results().Len()
	out := make([]value, nr)
	for k := range nr {
		v := res
		if nr > 1 {
			v = res.r.(agg)[k]
		}
		out[k] = valueOf(&rvalue{t: m.prog.rtypeOf(sig.Results().At(k).Type()), v: v})
	}
	return value{r: out}
}

// call runs a Call of r (of signature sig) with args nested or natively
// and returns its result.
func (m *Machine) call(fr *frame, r *rvalue, sig *types.Signature, args []value) value {
	if r.meth != "" {
		return m.invokeMethod(fr, r.recvT, r.v, r.meth, args)
	}
	switch f := m.get(r).r.(type) {
	case *closure:
		return m.nestedCall(fr.g, f, args)
	case reflect.Value:
		var ptypes, rtypes []*rtype
		for k := range sig.Params().Len() {
			ptypes = append(ptypes, m.prog.rtypeOf(sig.Params().At(k).Type()))
		}
		for k := range sig.Results().Len() {
			rtypes = append(rtypes, m.prog.rtypeOf(sig.Results().At(k).Type()))
		}
		return m.reflectCall(f, ptypes, sig.Variadic(), args, rtypes)
	}
	m.reflectPanic("reflect.Value.Call: call of nil function")
	return value{}
}

// callArgs checks a Call of r with in (CallSlice with spread) as
// reflect does and returns r's signature and the arguments to pass.
func (m *Machine) callArgs(r *rvalue, in []value, spread bool) (*types.Signature, []value) {
	name := "Call"
	if spread {
		name = "CallSlice"
	}
	m.need(r, name, reflect.Func)
	sig := r.t.signature(name)
	np := sig.Params().Len()
	variadic := sig.Variadic() && !spread
	if spread && !sig.Variadic() {
		m.reflectPanic("reflect: CallSlice of non-variadic function")
	}
	if len(in) < np-int(b2u(variadic)) {
		m.reflectPanic("reflect: Call with too few input arguments")
	}
	if !variadic && len(in) > np {
		m.reflectPanic("reflect: Call with too many input arguments")
	}
	args := make([]value, 0, np)
	for k, a := range in {
		x, _ := a.r.(*rvalue)
		if x == nil {
			m.reflectPanic("reflect: " + name + " using zero Value argument")
		}
		if variadic && k >= np-1 {
			break
		}
		pt := m.prog.rtypeOf(sig.Params().At(k).Type())
		if !assignable(x, pt) {
			m.reflectPanic("reflect: " + name + " using " + x.t.name + " as type " + pt.name)
		}
		args = append(args, m.assign(x, pt, "reflect.Value."+name))
	}
	if variadic {
		st := m.prog.rtypeOf(sig.Params().At(np - 1).Type())
		var rest []value
		for _, a := range in[np-1:] {
			x := a.r.(*rvalue)
			if !assignable(x, st.elem) {
				m.reflectPanic("reflect: cannot use " + x.t.name + " as type " + st.elem.name + " in Call")
			}
			rest = append(rest, m.assign(x, st.elem, "reflect.Value.Call"))
		}
		args = append(args, value{r: rest})
	}
	return sig, args
}

// invokeMethod calls method name of recv (of type rt) with args.
func (m *Machine) invokeMethod(fr *frame, rt *rtype, recv value, name string, args []value) value {
	if f := rt.method(name); f != nil {
		return m.nestedCall(fr.g, &closure{fn: f}, append([]value{recv}, args...))
	}
	scratch := newNativeBase(fr.g)
	m.callNativeMethod(&scratch.frame, &iface{t: rt, v: recv}, name, args, 0)
	return scratch.res[0]
}

// methodValue is Value.Method(i).
func (m *Machine) methodValue(r *rvalue, i int) *rvalue {
	m.need(r, "Method")
	if r.meth != "" {
		m.reflectPanic("reflect: Method on a method value")
	}
	ms := r.t.typeMethods()
	if i < 0 || i >= len(ms) {
		m.reflectPanic("reflect: Method index out of range")
	}
	recvT, recv := r.t, m.get(r)
	if r.t.kind == kInterface {
		d, _ := recv.r.(*iface)
		if d == nil {
			m.reflectPanic("reflect: Method on nil interface value")
		}
		recvT, recv = d.t, d.v
	}
	sig := ms[i].Obj().Type().(*types.Signature)
	ft := m.prog.rtypeOf(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
	return &rvalue{t: ft, v: copyVal(recv), recvT: recvT, meth: ms[i].Obj().Name(), flag: r.flag & flagRO}
}

// makeFuncStub names the functions makeFunc makes.
const makeFuncStub = "reflect.makeFuncStub"

// makeFunc returns a function of type ft whose calls run impl (a
// func([]reflect.Value) []reflect.Value) on the arguments as Values.
func makeFunc(ft *rtype, impl *closure) *function {
	sig := ft.t.Underlying().(*types.Signature)
	p := ft.prog
	return &function{prog: p, name: makeFuncStub, external: true,
		model: func(m *Machine, fr *frame, args []value, dst int) *frame {
			in := make([]value, len(args))
			for i, a := range args {
				in[i] = valueOf(&rvalue{t: p.rtypeOf(sig.Params().At(i).Type()), v: a})
			}
			out := m.nestedCall(fr.g, impl, []value{{r: in}}).slice()
			nr := sig.Results().Len()
			if len(out) != nr {
				m.reflectPanic("reflect: wrong return count from function created by MakeFunc")
			}
			res := make(agg, nr)
			for k, o := range out {
				x, _ := o.r.(*rvalue)
				what := "reflect: function created by MakeFunc using " + impl.fn.name
				rt := p.rtypeOf(sig.Results().At(k).Type())
				switch {
				case x == nil:
					m.reflectPanic(what + " returned zero Value")
				case x.flag&flagRO != 0:
					m.reflectPanic(what + " returned value obtained from unexported field")
				case !assignable(x, rt):
					m.reflectPanic(what + " returned wrong type: have " + x.t.name + " for " + rt.name)
				}
				res[k] = m.assign(x, rt, "reflect.MakeFunc")
			}
			switch nr {
			case 0:
			case 1:
				set(fr, dst, res[0])
			default:
				set(fr, dst, value{r: res})
			}
			return fr
		}}
}
