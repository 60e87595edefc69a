package ssainterp

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// The host: the tool that embeds the interpreter. The interpreter knows
// nothing of it; the host says, when it loads a program (LoadConfig.Host),
// which functions of the program it replaces with its own code (hooks:
// the entry points of its API that a test calls, such as a model
// checker's Run) and which of its packages a program reaches only through
// those hooks (never loaded into the interpreter). A hook sees the call
// through a HookCall and answers it: a result, a panic, an exit, a call of
// one of its arguments, or a Harness to drive (harness.go).

// A Host describes the embedding tool. Loads with different Hosts are
// different programs; a host keeps one Host value for the process.
type Host struct {
	// Hooks replace functions of the program, by name as SSA prints it
	// ("example.com/tool.Run", "(*example.com/tool.T).M").
	Hooks map[string]Hook
	// Internal reports whether a package path is one of the host's own
	// packages, which a program reaches only through hooks: they are not
	// interpreted and their imports are not followed.
	Internal func(path string) bool
}

// A Hook runs in place of a function of the program. It must answer the
// call through c before it returns (Return, Call, Drive, Panic or Exit);
// returning without an answer returns the zero value.
type Hook func(c *HookCall)

// HookCall is one call of a hooked function.
type HookCall struct {
	m    *Machine
	fr   *frame
	fn   *ssa.Function
	args []value
	dst  int
	next *frame // the frame to continue with, once answered
}

// hookModel makes the model of a hooked function.
func hookModel(fn *ssa.Function, h Hook) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		// The host may keep c: its arguments are its own (args is on
		// the argument stack, see pushArgs).
		c := &HookCall{m: m, fr: fr, fn: fn, args: slices.Clone(args), dst: dst, next: fr}
		h(c)
		return c.next
	}
}

// SetHosted sets the host's state of the execution (Config.Hosted),
// before it starts.
func (m *Machine) SetHosted(v any) { m.cfg.Hosted = v }

// Hosted is the host's state of the execution (Config.Hosted).
func (m *Machine) Hosted() any { return m.cfg.Hosted }

// Function is the hooked function.
func (c *HookCall) Function() *ssa.Function { return c.fn }

// Hosted is the host's state of this execution (Config.Hosted).
func (c *HookCall) Hosted() any { return c.m.cfg.Hosted }

// Trace reports whether the execution is replayed to be reported
// (Config.Trace): a host records more then.
func (c *HookCall) Trace() bool { return c.m.cfg.Trace }

// NumArgs is the number of arguments.
func (c *HookCall) NumArgs() int { return len(c.args) }

// Arg is argument i (a variadic tail is one slice argument).
func (c *HookCall) Arg(i int) Value {
	return Value{t: c.fn.Signature.Params().At(i).Type(), v: c.args[i]}
}

// Position is the source position of the call, "file.go:12".
func (c *HookCall) Position() string { return c.m.prog.shortPos(c.fr.fn.posAt(c.fr.pc - 1)) }

// Where spells a source position of the program as reports do,
// "file.go:12".
func (c *HookCall) Where(pos token.Pos) string { return c.m.prog.shortPos(pos) }

// Choose is a choice point among n alternatives (n > 0) that the
// exploring scheduler decides, as a select with n ready cases.
func (c *HookCall) Choose(n int) int { return c.m.choose(n) }

// ReturnInt returns the integer n from the call.
func (c *HookCall) ReturnInt(n int64) { set(c.fr, c.dst, intVal(n)) }

// Panic panics in the program with a string, as panic(msg) there would.
func (c *HookCall) Panic(msg string) { throwPanic(c.m.stringPanic(msg)) }

// Exit ends the program with exit status code, as os.Exit.
func (c *HookCall) Exit(code int) { c.m.exit(code) }

// Call calls fn, a function value of the program, with args, and returns
// its results from the hooked call.
func (c *HookCall) Call(fn Value, args ...Value) {
	cl, _ := fn.v.r.(*closure)
	if cl == nil {
		throwPanic(c.m.stringPanic("call of a nil function"))
	}
	vs := make([]value, len(args))
	for i, a := range args {
		vs[i] = a.v
	}
	c.next = c.m.callClosure(c.fr, cl, vs, c.dst)
}

// A Value is a value of the program as a hook reads it: the interpreter's
// representation and its static type.
type Value struct {
	t types.Type
	v value
}

// Type is the value's static type (for an interface, the interface).
func (v Value) Type() types.Type { return v.t }

// IsNil reports whether the value is nil: a nil pointer, slice, map, chan,
// function or interface.
func (v Value) IsNil() bool { return v.v.r == nil && v.v.n == 0 }

// Elem is the dynamic value of an interface, with its dynamic type; the
// zero Value for a nil interface.
func (v Value) Elem() Value {
	i, _ := v.v.r.(*iface)
	if i == nil || i.t.t == nil {
		return Value{}
	}
	return Value{t: i.t.t, v: i.v}
}

// Len is the length of a slice.
func (v Value) Len() int { return len(v.v.slice()) }

// Index is element i of a slice.
func (v Value) Index(i int) Value {
	return Value{t: v.t.Underlying().(*types.Slice).Elem(), v: v.v.slice()[i]}
}

// Func is the function of a function value of the program and the
// variables it captured, by name (a captured variable that is assigned
// reads as its current value); nil for a nil function or one that is not
// the program's own.
func (v Value) Func() (*ssa.Function, map[string]Value) {
	cl, _ := v.v.r.(*closure)
	if cl == nil || cl.fn.ssa == nil {
		return nil, nil
	}
	fn := cl.fn.ssa
	free := map[string]Value{}
	for k, fv := range fn.FreeVars {
		if k >= len(cl.bindings) {
			break
		}
		t, b := fv.Type(), cl.bindings[k]
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			// A captured variable that is also assigned: a cell.
			c, _ := b.r.(*value)
			if c == nil {
				continue
			}
			t, b = pt.Elem(), *c
		}
		free[fv.Name()] = Value{t: t, v: b}
	}
	return fn, free
}

// Interface converts a value of a basic type (string, bool, integers) or a
// []string to Go: string, bool, int64, uint64 or []string; nil for
// anything else.
func (v Value) Interface() any {
	switch u := v.t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return v.v.str()
		case u.Info()&types.IsBoolean != 0:
			return v.v.bool()
		case u.Info()&types.IsUnsigned != 0:
			return v.v.n
		case u.Info()&types.IsInteger != 0:
			return v.v.int()
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			var ss []string
			for _, e := range v.v.slice() {
				ss = append(ss, e.str())
			}
			return ss
		}
	}
	return nil
}
