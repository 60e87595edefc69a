package ssainterp

import (
	"fmt"
	"go/types"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// fmtTypeVerbs prepares the arguments of a fmt printing function: a %T
// verb prints the interpreted type's name, which the native value's type
// (a reflect.StructOf type, or a wrapper) would not show. Such operands
// are replaced by their type name and the verb by %s.
func (m *Machine) fmtTypeVerbs(name string, args []value) []value {
	fi := -1
	switch name {
	case "Printf", "Sprintf", "Errorf":
		fi = 0
	case "Fprintf", "Appendf":
		fi = 1
	default:
		return args
	}
	if fi >= len(args)-1 {
		return args
	}
	format := args[fi].str()
	if !strings.Contains(format, "T") && !strings.Contains(format, "#") {
		return args
	}
	operands := args[len(args)-1].slice()
	var b strings.Builder
	changed := false
	argi := 0
	var out []value
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[j]) >= 0 {
			if format[j] == '*' {
				argi++
			}
			if format[j] == '[' {
				return args // explicit argument indexes: leave as is
			}
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		verb, w := utf8.DecodeRuneInString(format[j:])
		if verb == '%' {
			b.WriteString(format[i : j+w])
			i = j + w
			continue
		}
		flags := format[i+1 : j]
		it, _ := operands[min(argi, len(operands)-1)].r.(*iface)
		switch {
		case argi >= len(operands):
			b.WriteString(format[i : j+w])
		case verb == 'T':
			tn := "<nil>"
			if it != nil {
				tn = it.t.name
			}
			out = replaceOperand(out, operands, argi, m.stringPanic(tn))
			b.WriteString("%" + flags + "s")
			changed = true
		case verb == 'v' && strings.Contains(flags, "#") && it != nil && it.t.t != nil && it.t.kind != kNative && it.t.method("Format") == nil:
			// Go syntax with the interpreted types' names.
			out = replaceOperand(out, operands, argi, m.stringPanic(m.goSyntax(it.t, it.v, 0)))
			b.WriteString("%" + strings.ReplaceAll(flags, "#", "") + "s")
			changed = true
		default:
			b.WriteString(format[i : j+w])
		}
		argi++
		i = j + w
	}
	if !changed {
		return args
	}
	_ = out
	res := append([]value(nil), args...)
	res[fi] = strVal(b.String())
	res[len(res)-1] = value{r: out}
	return res
}

func replaceOperand(out, operands []value, i int, v value) []value {
	if out == nil {
		out = append([]value(nil), operands...)
	}
	out[i] = v
	return out
}

// goSyntax formats v, of type t, as fmt's %#v does, naming interpreted
// types as Go does ("main.Point{X:1, Y:2}").
func (m *Machine) goSyntax(t *rtype, v value, depth int) string {
	if t.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			if depth == 0 {
				return "<nil>"
			}
			return t.name + "(nil)"
		}
		return m.goSyntax(i.t, i.v, depth)
	}
	if t.t != nil && t.kind != kNative {
		if s, ok := m.callStringMethod(&iface{t: t, v: v}, "GoString"); ok {
			return s
		}
	}
	switch {
	case t.kind == kBool:
		return strconv.FormatBool(v.bool())
	case t.kind.isSigned():
		return strconv.FormatInt(v.int(), 10)
	case t.kind.isUnsigned():
		return "0x" + strconv.FormatUint(v.n, 16)
	case t.kind.isFloat():
		return strconv.FormatFloat(v.float(), 'g', -1, int(t.kind.bits()))
	case t.kind.isComplex():
		bits := 128
		if t.kind == kComplex64 {
			bits = 64
		}
		return strconv.FormatComplex(v.cplx(), 'g', -1, bits)
	case t.kind == kString:
		return strconv.Quote(v.str())
	}
	var b strings.Builder
	switch t.kind {
	case kStruct:
		b.WriteString(t.name + "{")
		st := t.t.Underlying().(*types.Struct)
		for i, f := range t.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(st.Field(i).Name() + ":" + m.goSyntax(f, v.agg()[i], depth+1))
		}
		b.WriteString("}")
	case kArray:
		b.WriteString(t.name + "{")
		m.goElems(&b, t.elem, v.agg(), depth)
		b.WriteString("}")
	case kSlice:
		s := v.slice()
		if s == nil {
			return t.name + "(nil)"
		}
		b.WriteString(t.name + "{")
		m.goElems(&b, t.elem, s, depth)
		b.WriteString("}")
	case kMap:
		mp, _ := v.r.(*mapV)
		if mp == nil {
			return t.name + "(nil)"
		}
		var keys []value
		for _, e := range mp.entries {
			if !e.dead {
				keys = append(keys, e.k)
			}
		}
		sortKeys(t.key, keys)
		b.WriteString(t.name + "{")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			val, _ := mp.get(k)
			b.WriteString(m.goSyntax(t.key, k, depth+1) + ":" + m.goSyntax(t.elem, val, depth+1))
		}
		b.WriteString("}")
	case kPointer:
		if isNilRef(v.r) {
			return "(" + t.name + ")(nil)"
		}
		if c, ok := v.r.(*value); ok && depth == 0 {
			switch t.elem.kind {
			case kStruct, kArray, kSlice, kMap:
				return "&" + m.goSyntax(t.elem, *c, depth+1)
			}
		}
		return "(" + t.name + ")(0xc000010000)"
	case kFunc, kChan, kUnsafePointer:
		if isNilRef(v.r) {
			return "(" + t.name + ")(nil)"
		}
		return "(" + t.name + ")(0xc000010000)"
	default:
		return fmt.Sprintf("%#v", m.plainToNative(t, v).Interface())
	}
	return b.String()
}

func (m *Machine) goElems(b *strings.Builder, et *rtype, vals []value, depth int) {
	for i, e := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.goSyntax(et, e, depth+1))
	}
}

// sortKeys orders map keys as fmt (internal/fmtsort) does for the kinds
// that have a natural order; other kinds keep their order.
func sortKeys(kt *rtype, keys []value) {
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		switch {
		case kt.kind.isSigned():
			return a.int() < b.int()
		case kt.kind.isUnsigned():
			return a.n < b.n
		case kt.kind.isFloat():
			return a.float() < b.float()
		case kt.kind == kString:
			return a.str() < b.str()
		case kt.kind == kBool:
			return !a.bool() && b.bool()
		}
		return false
	})
}

// Package fmt runs two ways. Its printing functions are modelled: when
// no operand can reach a method of the program (String, Error, Format,
// GoString on an interpreted type, anywhere fmt would look), they run
// natively, which is fast; otherwise they run from fmt's SSA over the
// reflect model, so that the methods fmt calls are ordinary interpreted
// calls: they may block (a String that takes a lock another goroutine
// holds), their memory accesses are scheduling points, and an mcheck
// fault in them is not caught by fmt's recovery of panics. The scanning
// functions always run natively.

// fmtPrinting lists fmt's printing functions; each takes its operands
// as a final ...any.
var fmtPrinting = []string{"Print", "Println", "Printf", "Sprint", "Sprintln", "Sprintf",
	"Fprint", "Fprintln", "Fprintf", "Errorf", "Append", "Appendln", "Appendf"}

var fmtScanning = []string{"Scan", "Scanln", "Scanf", "Sscan", "Sscanln", "Sscanf", "Fscan", "Fscanln", "Fscanf"}

// fmtModels returns the models of package fmt's printing and scanning
// functions and of its package initialisation.
func fmtModels() modelTable {
	tab := modelTable{}
	for _, name := range fmtPrinting {
		tab["fmt."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			fmtPkg := m.prog.ssa.ImportedPackage("fmt")
			if m.fmtCallsBack(args[len(args)-1]) {
				return m.fmtFromSSA(fr, fmtPkg, name, args, dst)
			}
			switch name {
			case "Print", "Println", "Printf":
				// To os.Stdout, which the program may have set to
				// another *os.File (or nil): Fprint* to it. Left as it
				// was, it is the machine's standard output, which
				// takes the text without an OS pipe (writeStdout).
				w := value{r: &iface{t: m.prog.nativeRtype(reflect.TypeFor[stdoutWriter]()), v: value{r: reflect.ValueOf(stdoutWriter{m})}}}
				if stdout := m.stdCells[0]; stdout != nil && !m.isOutputFile(*stdout, 1) {
					w = value{r: &iface{t: m.prog.nativeRtype(reflect.TypeFor[*os.File]()), v: *stdout}}
				}
				all := append([]value{w}, args...)
				set(fr, dst, m.callNative(fr, m.prog.nativeOf(fmtPkg.Func("F"+strings.ToLower(name[:1])+name[1:])), all))
				return fr
			case "Fprint", "Fprintln", "Fprintf":
				// To a writer of an interpreted type: format natively,
				// then call its Write method as an ordinary call, so
				// that Write may block (a mutex, a channel, a pipe).
				if recv, write := m.interpretedWrite(args[0]); write != nil {
					s := m.callNative(fr, m.prog.nativeOf(fmtPkg.Func("S"+name[1:])), args[1:]).str()
					return m.callFunc(fr, write, []value{recv, m.bytesValue(fr.g, s)}, dst)
				}
			}
			set(fr, dst, m.callNative(fr, m.prog.nativeOf(fmtPkg.Func(name)), args))
			return fr
		}
	}
	for _, name := range fmtScanning {
		tab["fmt."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, m.callNative(fr, m.prog.nativeOf(m.prog.ssa.ImportedPackage("fmt").Func(name)), args))
			return fr
		}
	}
	// fmt's package initialisation runs when fmt first runs from SSA
	// (fmtFromSSA), not at the start of every execution: most never
	// need it.
	tab["fmt.init"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	return tab
}

// fmtFromSSA calls fmt's function name from its SSA body. If this
// execution has not yet initialised package fmt, it does so first, at
// once (nested: no other goroutine sees fmt half initialised); the race
// detector orders that initialisation before every later use of fmt from
// SSA, as package initialisation is ordered before main.
func (m *Machine) fmtFromSSA(fr *frame, fmtPkg *ssa.Package, name string, args []value, dst int) *frame {
	guard, ok := fmtPkg.Members["init$guard"].(*ssa.Global)
	if !ok {
		panic(&internalFault{msg: "internal error: package fmt has no init$guard"})
	}
	g := fr.g
	if !m.global(m.prog.globalIndex[guard]).bool() {
		m.callNested(g, &closure{fn: m.prog.bodyOf(fmtPkg.Func("init"))}, nil)
		if m.watch {
			m.publish(g, m.syncClock(fmtInitKey))
		}
	}
	m.syncAcquire(g, fmtInitKey)
	return m.callFunc(fr, m.prog.bodyOf(fmtPkg.Func(name)), args, dst)
}

// quietFunc reports whether the memory accesses of fn are not
// scheduling points (they are still checked for races): fmt's own code,
// run from SSA, works on its printer (goroutine-local once taken from
// fmt's pool) and on fmt's globals; the program's memory it reads
// through the reflect model, and the program's methods it calls, keep
// their scheduling points. Without this, each byte fmt appends to a
// reused printer was a choice of the scheduler.
func quietFunc(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "fmt", "internal/fmtsort":
		return true
	case "net":
		// The network model's own memory is guarded by its mutexes,
		// whose operations are the scheduling points (netmodel.go).
		return strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, memnetFile)
	}
	return false
}

// stdoutWriter is the machine's standard output as fmt.Print writes to it
// while os.Stdout is the machine's own: as writeStdout, without the OS
// pipe that os.Stdout's *os.File needs.
type stdoutWriter struct{ m *Machine }

func (w stdoutWriter) Write(p []byte) (int, error) {
	w.m.writeStdout(string(p))
	return len(p), nil
}

// fmtInitKey is the race detector's synchronisation object for fmt's
// initialisation.
var fmtInitKey = new(byte)

// nativeOf returns sf called natively through the bridge, even if it is
// modelled or interpreted: for models that leave some cases to the
// native function.
func (p *Program) nativeOf(sf *ssa.Function) *function {
	if f, ok := p.natives.Load(sf); ok {
		return f.(*function)
	}
	f, _ := p.natives.LoadOrStore(sf, &function{prog: p, ssa: sf, name: funcName(sf), external: true})
	return f.(*function)
}

// fmtCallsBack reports whether fmt, printing the operands in ops (a
// []any), may call a method of the program: an operand, or a value fmt
// reaches from one (struct fields, elements, map keys and values, the
// target of a top-level pointer), has a type that crosses to native code
// as a wrapper (see wrapped). Methods of a few standard types that
// cannot block or call the program (errors.New's) do not count.
func (m *Machine) fmtCallsBack(ops value) bool {
	for _, op := range ops.slice() {
		if i, _ := op.r.(*iface); i != nil && m.reachesMethods(i.t, i.v, 0) {
			return true
		}
	}
	return false
}

// maxFmtDepth bounds the walk of reachesMethods: deeper values are
// assumed to reach methods (fmt from SSA prints them exactly).
const maxFmtDepth = 16

func (m *Machine) reachesMethods(t *rtype, v value, depth int) bool {
	if depth > maxFmtDepth {
		return true
	}
	if t.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			return false
		}
		t, v = i.t, i.v
	}
	if !mayHoldMethods(t) {
		return false
	}
	if isWrapped(t) {
		return !leafMethods[t.name]
	}
	switch t.kind {
	case kStruct:
		for k, f := range v.agg() {
			if m.reachesMethods(t.fields[k], f, depth+1) {
				return true
			}
		}
	case kArray:
		for _, e := range v.agg() {
			if m.reachesMethods(t.elem, e, depth+1) {
				return true
			}
		}
	case kSlice:
		for _, e := range v.slice() {
			if m.reachesMethods(t.elem, e, depth+1) {
				return true
			}
		}
	case kMap:
		mp, _ := v.r.(*mapV)
		if mp == nil {
			return false
		}
		for _, e := range mp.entries {
			if !e.dead && (m.reachesMethods(t.key, e.k, depth+1) || m.reachesMethods(t.elem, e.v, depth+1)) {
				return true
			}
		}
	case kPointer:
		// fmt prints the target of a pointer at the top level only
		// (&{...}); deeper pointers print as addresses.
		if c, ok := v.r.(*value); ok && c != nil && depth == 0 {
			return m.reachesMethods(t.elem, *c, depth+1)
		}
	}
	return false
}

// leafMethods lists standard types whose String or Error methods
// neither block nor call the program's code: printing them needs no
// interpreted fmt.
var leafMethods = map[string]bool{
	"*errors.errorString":                  true,
	"context.deadlineExceededError":        true,
	"*encoding/json.SyntaxError":           true,
	"*encoding/json.UnmarshalTypeError":    true,
	"*encoding/json.InvalidUnmarshalError": true,
}

// isWrapped reports whether t is wrapped (see wrapped) and has a method
// fmt calls: Error, String, Format or GoString (cached).
func isWrapped(t *rtype) bool {
	if w, ok := t.prog.wraps.Load(t); ok {
		return w.(bool)
	}
	w := t.wrapped() && (t.method("Error") != nil || t.method("String") != nil ||
		t.method("Format") != nil || t.method("GoString") != nil)
	t.prog.wraps.Store(t, w)
	return w
}

// mayHoldMethods reports whether a value of type t may contain a value
// whose type has methods fmt would call: an interface, a wrapped type,
// or a composite of those.
func mayHoldMethods(t *rtype) bool {
	if h, ok := t.prog.holds.Load(t); ok {
		return h.(bool)
	}
	h := holdsMethods(t, map[*rtype]bool{})
	t.prog.holds.Store(t, h)
	return h
}

func holdsMethods(t *rtype, seen map[*rtype]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.kind == kInterface || isWrapped(t) {
		return true
	}
	switch t.kind {
	case kStruct:
		for _, f := range t.fields {
			if holdsMethods(f, seen) {
				return true
			}
		}
	case kArray, kSlice, kPointer:
		return holdsMethods(t.elem, seen)
	case kMap:
		return holdsMethods(t.key, seen) || holdsMethods(t.elem, seen)
	}
	return false
}
