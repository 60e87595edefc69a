package ssainterp

import (
	"fmt"
	"go/types"
	"io"
	"maps"
	"reflect"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Models of package io. Package io runs from SSA, except that its
// exported errors are the native ones (ioModels' io.init), and io.Copy
// and io.CopyBuffer copy through their own loop (copyLoop) whenever the
// native WriteTo or ReadFrom shortcut would get an interpreted argument.
// io.Pipe is in pipe.go.

// isNativeErr reports whether interpreted error value v is the native
// error target (io.EOF, say).
func isNativeErr(v value, target error) bool {
	i, _ := v.r.(*iface)
	if i == nil {
		return false
	}
	rv, ok := i.v.r.(reflect.Value)
	return ok && rv.IsValid() && rv.CanInterface() && rv.Interface() == target
}

// ioModels returns the models of package io's initialisation and of
// io.Copy and io.CopyBuffer.
func ioModels() modelTable {
	tab := modelTable{}
	// Package io runs from SSA (its callbacks of Read and Write are
	// ordinary calls, which may block), except that its exported errors
	// are the native ones: native readers (strings.Reader, os.File)
	// return the native io.EOF, and the program compares with io.EOF.
	tab["io.init"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		io := m.prog.ssa.ImportedPackage("io")
		init := m.prog.bodyOf(io.Func("init"))
		code := []op{
			func(fr *frame) *frame { return m.enter(fr, init, 0) },
			func(fr *frame) *frame {
				for _, e := range m.prog.ioErrorGlobals(m) {
					m.globals[e.g] = e.v
				}
				return m.ret(fr, value{})
			},
		}
		return m.enter(fr, m.synthetic("io.init", 1, fr.fn.posAt(fr.pc-1), code), dst)
	}
	// io.Copy and io.CopyBuffer run from SSA, unless Go's shortcut
	// would hand an interpreted reader or writer to a native method (a
	// strings.Reader's WriteTo, an os.File's ReadFrom), which could
	// call it back only nested, where it may not block: then they loop
	// over Read and Write as ordinary calls (the same bytes, in
	// buffer-sized writes instead of the native method's).
	copyModel := func(name string) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			w, _ := args[0].r.(*iface)
			r, _ := args[1].r.(*iface)
			// Program code on neither side: Go's own io.Copy natively
			// between native ends; the loop between a modelled end (an
			// io.Pipe's) and a native one, whose buffer no program code
			// sees (so it needs no race bookkeeping).
			progCode := ssaMethod(r, "Read") || ssaMethod(r, "WriteTo") || ssaMethod(w, "Write") || ssaMethod(w, "ReadFrom")
			switch {
			case !progCode && goMethod(r, "Read") == nil && goMethod(w, "Write") == nil:
				return m.callNativeNamed(fr, "io", name, args, dst)
			case !progCode && (len(args) < 3 || args[2].slice() == nil):
				size := int64(32 << 10)
				if l, ok := m.limitedReader(r); ok && size > l {
					size = max(l, 1)
				}
				return m.copyLoop(fr, w, r, make([]value, size), dst)
			case !m.nativeCopyShortcut(w, r):
				return m.callFunc(fr, m.prog.bodyOf(m.prog.ssa.ImportedPackage("io").Func(name)), args, dst)
			}
			var buf []value
			if len(args) > 2 {
				buf = args[2].slice()
				if buf != nil && len(buf) == 0 {
					throwPanic(m.stringPanic("empty buffer in CopyBuffer"))
				}
			}
			if buf == nil {
				size := int64(32 << 10)
				if l, ok := m.limitedReader(r); ok && size > l {
					size = max(l, 1)
				}
				buf = make([]value, size)
				if m.watch {
					m.allocatedSlice(fr.g, buf)
				}
			}
			return m.copyLoop(fr, w, r, buf, dst)
		}
	}
	tab["io.Copy"] = copyModel("Copy")
	tab["io.CopyBuffer"] = copyModel("CopyBuffer")
	return tab
}

// ioErrors are the exported errors of package io, which interpreted io
// shares with native code.
// ioErrorGlobal is one of io's exported error variables (its global
// index) and its native value as the program sees it.
type ioErrorGlobal struct {
	g int
	v value
}

// ioErrorGlobals returns io's exported error variables and their native
// values, worked out once per program, by m, the first Machine to ask.
// Every execution's io.init sets them: a native error's value is an
// interface of a native pointer and its type, which holds nothing of a
// Machine (the host's own io.EOF never crossed from interpreted memory),
// so all share it, as they share the native error. Converting them at
// every execution was a tenth of the executions of a test that imports
// testify.
func (p *Program) ioErrorGlobals(m *Machine) []ioErrorGlobal {
	p.ioErrOnce.Do(func() {
		io := p.ssa.ImportedPackage("io")
		for _, name := range slices.Sorted(maps.Keys(ioErrors)) {
			if idx, ok := p.globalIndex[io.Var(name)]; ok {
				p.ioErrs = append(p.ioErrs, ioErrorGlobal{idx, m.nativeErr(ioErrors[name])})
			}
		}
	})
	return p.ioErrs
}

var ioErrors = map[string]error{
	"EOF": io.EOF, "ErrUnexpectedEOF": io.ErrUnexpectedEOF, "ErrShortWrite": io.ErrShortWrite,
	"ErrShortBuffer": io.ErrShortBuffer, "ErrNoProgress": io.ErrNoProgress, "ErrClosedPipe": io.ErrClosedPipe,
}

// bodyOf returns interpreted function sf run from its SSA body, even if
// it is modelled: for models that handle some cases and leave the others
// to Go's own code.
func (p *Program) bodyOf(sf *ssa.Function) *function {
	if f, ok := p.bodies.Load(sf); ok {
		return f.(*function)
	}
	if sf.Blocks == nil {
		panic(&internalFault{msg: "internal error: no SSA body for " + sf.String()})
	}
	f, _ := p.bodies.LoadOrStore(sf, &function{prog: p, ssa: sf, name: funcName(sf), quiet: quietFunc(sf)})
	return f.(*function)
}

// nativeCopyShortcut reports whether io.Copy(w, r) would call a native
// WriteTo or ReadFrom method with an interpreted argument.
func (m *Machine) nativeCopyShortcut(w, r *iface) bool {
	if w == nil || r == nil {
		return false
	}
	io := m.prog.ssa.ImportedPackage("io").Pkg.Scope()
	if r.t.implements(m.prog.rtypeOf(io.Lookup("WriterTo").Type())) {
		return goMethod(r, "WriteTo") == nil && goMethod(w, "Write") != nil
	}
	if w.t.implements(m.prog.rtypeOf(io.Lookup("ReaderFrom").Type())) {
		return goMethod(w, "ReadFrom") == nil && goMethod(r, "Read") != nil
	}
	return false
}

// limitedReader returns the N of r if it is an *io.LimitedReader.
func (m *Machine) limitedReader(r *iface) (int64, bool) {
	lr := types.NewPointer(m.prog.ssa.ImportedPackage("io").Pkg.Scope().Lookup("LimitedReader").Type())
	if r.t.t == nil || !types.Identical(r.t.t, lr) {
		return 0, false
	}
	c, _ := r.v.r.(*value)
	if c == nil {
		return 0, false
	}
	return c.r.(agg)[1].int(), true
}

// ioGlobal is the value of package io's variable name.
func (m *Machine) ioGlobal(name string) value {
	return *m.global(m.prog.globalIndex[m.prog.ssa.ImportedPackage("io").Var(name)])
}

// copyLoop copies from r to w through buf as io's copyBuffer does,
// calling Read and Write as ordinary calls if they are interpreted or
// modelled, and delivers io.Copy's results to dst.
func (m *Machine) copyLoop(fr *frame, w, r *iface, buf []value, dst int) *frame {
	var written int64
	var readErr value
	n := 0
	done := func(fr *frame, err value) *frame { return m.ret(fr, value{r: agg{intVal(written), err}}) }
	code := []op{
		// 0: read.
		func(fr *frame) *frame { return m.callIOMethod(fr, r, "Read", []value{{r: buf}}, 0) },
		// 1: write what was read.
		func(fr *frame) *frame {
			res := fr.regs[0].r.(agg)
			n, readErr = int(res[0].int()), res[1]
			if n > cap(buf) {
				throwRuntime(fmt.Sprintf("slice bounds out of range [:%d] with capacity %d", n, cap(buf)))
			}
			if n <= 0 {
				fr.pc = 3
				return fr
			}
			return m.callIOMethod(fr, w, "Write", []value{{r: buf[:n]}}, 0)
		},
		// 2: count it.
		func(fr *frame) *frame {
			res := fr.regs[0].r.(agg)
			nw := int(res[0].int())
			if nw < 0 || n < nw {
				nw = 0
				if res[1].r == nil {
					return done(fr, m.ioGlobal("errInvalidWrite"))
				}
			}
			written += int64(nw)
			if res[1].r != nil {
				return done(fr, res[1])
			}
			if nw != n {
				return done(fr, m.nativeErr(io.ErrShortWrite))
			}
			return fr
		},
		// 3: go on, or stop at the end or an error.
		func(fr *frame) *frame {
			switch {
			case readErr.r == nil:
				fr.pc = 0
				return fr
			case isNativeErr(readErr, io.EOF):
				return done(fr, value{})
			}
			return done(fr, readErr)
		},
	}
	return m.enter(fr, m.synthetic("io.Copy", 1, fr.fn.posAt(fr.pc-1), code), dst)
}

// ssaMethod reports whether the dynamic type of i has a method name
// that runs from SSA (program code, not a model or native code).
func ssaMethod(i *iface, name string) bool {
	if i == nil || i.t.t == nil {
		return false
	}
	fn := i.t.method(name)
	return fn != nil && !fn.external
}

// goMethod returns method name of the dynamic type of i if it is
// interpreted or modelled, so that calling it may block; nil if it is
// native.
func goMethod(i *iface, name string) *function {
	if i == nil || i.t.t == nil {
		return nil
	}
	if fn := i.t.method(name); fn != nil && (!fn.external || fn.model != nil) {
		return fn
	}
	return nil
}

// callIOMethod calls method name of i with args, result to register
// dst: as an ordinary call if it is interpreted or modelled, else
// natively.
func (m *Machine) callIOMethod(fr *frame, i *iface, name string, args []value, dst int) *frame {
	if fn := goMethod(i, name); fn != nil {
		return m.callFunc(fr, fn, append([]value{i.v}, args...), dst)
	}
	return m.callNativeMethod(fr, i, name, args, dst)
}

// callNativeNamed calls the native function pkg.name, as a model does
// that handles only some of its arguments itself.
func (m *Machine) callNativeNamed(fr *frame, pkg, name string, args []value, dst int) *frame {
	fn := m.prog.ssa.ImportedPackage(pkg).Func(name)
	set(fr, dst, m.callNative(fr, m.prog.funcOf(fn), args))
	return fr
}
