package ssainterp

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// Formatting interpreted values for reports (what a component's method
// returned, the error a constructor gave). The value is walked here, not
// converted for the native fmt: it may be any graph the program built,
// and a report must never take the host down. The output is fmt's %v:
// a type's Error or String method where fmt would call it (at the top,
// and inside through exported fields, elements and interfaces), a
// pointer to a struct, array, slice or map at the top as &{...}, every
// other pointer (and every channel and function) as an address, so that
// two structs pointing at each other print as fmt prints them. What
// fmt's own walk would not bound, the nesting of slices, maps and
// interfaces (a slice that holds itself), is cut at reportDepth levels
// with "...", and a value longer than reportLen bytes is cut with "…".
const (
	reportDepth = 10
	reportLen   = 400
)

// reportValue formats v, of type t, as fmt.Sprint would, bounded.
func (m *Machine) reportValue(t *rtype, v value) string {
	p := &reportPrinter{m: m}
	p.arg(t, v)
	s := p.sb.String()
	if len(s) > reportLen {
		cut := reportLen
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

type reportPrinter struct {
	m  *Machine
	sb strings.Builder
}

// arg prints an operand: an interface's dynamic value, <nil> for none.
func (p *reportPrinter) arg(t *rtype, v value) {
	if t.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			p.sb.WriteString("<nil>")
			return
		}
		t, v = i.t, i.v
	}
	p.value(t, v, 0, true)
}

// value prints v of type t at depth; methods tells whether fmt could
// call its methods (not through an unexported field).
func (p *reportPrinter) value(t *rtype, v value, depth int, methods bool) {
	if p.sb.Len() > reportLen {
		return
	}
	if depth > reportDepth {
		p.sb.WriteString("...")
		return
	}
	if methods && p.handleMethods(t, v) {
		return
	}
	switch t.kind {
	case kBool, kInt, kInt8, kInt16, kInt32, kInt64, kUint, kUint8, kUint16, kUint32, kUint64, kUintptr,
		kFloat32, kFloat64, kComplex64, kComplex128, kString:
		p.sb.WriteString(fmt.Sprint(basicAny(t.kind, v)))
	case kNative, kModel:
		p.native(t, v)
	case kInterface:
		i, _ := v.r.(*iface)
		if i == nil {
			p.sb.WriteString("<nil>")
			return
		}
		p.value(i.t, i.v, depth+1, methods)
	case kPointer:
		if c, ok := v.r.(*value); ok && c != nil && depth == 0 {
			switch t.elem.kind {
			case kStruct, kArray, kSlice, kMap:
				p.sb.WriteByte('&')
				p.value(t.elem, *c, depth+1, methods)
				return
			}
		}
		p.pointer(v.r)
	case kStruct:
		st, _ := t.t.Underlying().(*types.Struct)
		p.sb.WriteByte('{')
		for k, f := range v.agg() {
			if k > 0 {
				p.sb.WriteByte(' ')
			}
			exported := st == nil || st.Field(k).Exported()
			p.value(t.fields[k], f, depth+1, methods && exported)
		}
		p.sb.WriteByte('}')
	case kArray:
		p.list(t.elem, v.agg(), depth, methods)
	case kSlice:
		p.list(t.elem, v.slice(), depth, methods)
	case kMap:
		p.mapValue(t, v, depth, methods)
	case kChan, kFunc, kUnsafePointer:
		p.pointer(v.r)
	default:
		fmt.Fprintf(&p.sb, "?%s", t.name)
	}
}

func (p *reportPrinter) list(et *rtype, xs []value, depth int, methods bool) {
	p.sb.WriteByte('[')
	for k, x := range xs {
		if k > 0 {
			p.sb.WriteByte(' ')
		}
		if p.sb.Len() > reportLen {
			break
		}
		p.value(et, x, depth+1, methods)
	}
	p.sb.WriteByte(']')
}

// mapValue prints map[k:v ...] with the keys sorted as fmt sorts them
// (numbers, strings and booleans by value; other keys by their text).
func (p *reportPrinter) mapValue(t *rtype, v value, depth int, methods bool) {
	p.sb.WriteString("map[")
	if mp, _ := v.r.(*mapV); mp != nil {
		var live []*entry
		for _, e := range mp.entries {
			if !e.dead {
				live = append(live, e)
			}
		}
		slices.SortStableFunc(live, func(a, b *entry) int { return p.compareKeys(t.key, a.k, b.k) })
		for k, e := range live {
			if k > 0 {
				p.sb.WriteByte(' ')
			}
			if p.sb.Len() > reportLen {
				break
			}
			p.value(t.key, e.k, depth+1, methods)
			p.sb.WriteByte(':')
			p.value(t.elem, e.v, depth+1, methods)
		}
	}
	p.sb.WriteByte(']')
}

func (p *reportPrinter) compareKeys(t *rtype, a, b value) int {
	switch t.kind {
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return cmp.Compare(a.int(), b.int())
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr, kBool:
		return cmp.Compare(a.n, b.n)
	case kFloat32, kFloat64:
		return cmp.Compare(a.float(), b.float())
	case kString:
		return strings.Compare(a.str(), b.str())
	}
	ka, kb := &reportPrinter{m: p.m}, &reportPrinter{m: p.m}
	ka.value(t, a, reportDepth, false)
	kb.value(t, b, reportDepth, false)
	return strings.Compare(ka.sb.String(), kb.sb.String())
}

// pointer prints a reference as fmt does: <nil>, or its address (the
// fake, stable one reflect's Pointer hands out).
func (p *reportPrinter) pointer(r any) {
	a := p.m.addrOf(r)
	if a == 0 {
		p.sb.WriteString("<nil>")
		return
	}
	fmt.Fprintf(&p.sb, "0x%x", a)
}

// native prints a value that lives natively (a time.Time, say) with
// fmt itself, or, for a modelled one (a sync.Mutex), its zero native
// counterpart.
func (p *reportPrinter) native(t *rtype, v value) {
	if rv, ok := v.r.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		p.sb.WriteString(fmt.Sprint(rv.Interface()))
		return
	}
	if nt, err := t.nativeType(); err == nil {
		p.sb.WriteString(fmt.Sprint(reflect.Zero(nt).Interface()))
		return
	}
	p.sb.WriteString("{}")
}

// handleMethods prints v with its Error or String method, as fmt's
// handleMethods does (error first), reporting a panic in the method as
// fmt does. It reports whether v has such a method.
func (p *reportPrinter) handleMethods(t *rtype, v value) (handled bool) {
	if t.t == nil || t.kind == kInterface {
		return false
	}
	if _, named := types.Unalias(t.t).(*types.Named); !named {
		if pt, ok := t.t.Underlying().(*types.Pointer); !ok || !isNamed(pt.Elem()) {
			return false
		}
	}
	i := &iface{t: t, v: v}
	for _, name := range []string{"Error", "String"} {
		if fn := t.method(name); fn == nil {
			continue
		}
		var s string
		ok, text := p.callMethod(i, name, &s)
		switch {
		case text != "" && t.kind == kPointer && isNilRef(v.r):
			p.sb.WriteString("<nil>")
		case text != "":
			fmt.Fprintf(&p.sb, "%%!v(PANIC=%s method: %s)", name, text)
		case ok:
			p.sb.WriteString(s)
		default:
			continue
		}
		return true
	}
	return false
}

// callMethod calls i's method name (func() string) into *s; it reports
// whether there was one, or the text of its panic.
func (p *reportPrinter) callMethod(i *iface, name string, s *string) (ok bool, panicText string) {
	defer func() {
		if r := recover(); r != nil {
			np, isPanic := r.(*nestedPanic)
			if !isPanic {
				panic(r)
			}
			ok, panicText = true, np.text
		}
	}()
	*s, ok = p.m.callStringMethod(i, name)
	return ok, ""
}

func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}

// basicAny is the native value of a basic kind, for fmt.
func basicAny(k rkind, v value) any {
	switch k {
	case kBool:
		return v.bool()
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return v.int()
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		return v.n
	case kFloat32:
		return float32(v.float())
	case kFloat64:
		return v.float()
	case kComplex64:
		return complex64(v.cplx())
	case kComplex128:
		return v.cplx()
	case kString:
		return v.str()
	}
	return nil
}

// Tracebacks: goroutineTrace lists a goroutine's frames as the Go
// runtime's traceback does (a deadlock's goroutine dump, a panic's
// stack, a race's), so that they read alike and tools that parse Go's
// dumps parse them:
//
//	goroutine 1 [chan receive]:
//	main.main()
//		/home/me/prog/main.go:32
//	goroutine 5 [chan receive]:
//	main.(*box).wait(...)
//		/home/me/prog/main.go:11
//
// A frame is the function as the runtime names it (import path, or
// "main" for package main; methods as (*T).M; closures as .func1, .func1.1;
// type arguments as [...]), then "()" for a function without parameters
// and "(...)" for one with (the runtime prints argument words, or "..."
// when it does not know them), and on the next line the file and line
// where the frame is: for a goroutine stopped at a visible operation, the
// line of that operation (the blocked receive, the Lock call); for a
// caller, the line of the call. The runtime's "+0x1c5" program counter
// offsets and its "created by" lines are not printed.

// goroutineTrace lists the frames of g as the runtime's traceback does.
func (m *Machine) goroutineTrace(g *goroutine) string {
	var b strings.Builder
	for fr := g.top; fr != nil; fr = fr.caller {
		if fr.fn.ssa == nil {
			continue // go/defer thunks and runtime.main are not user frames
		}
		pos := fr.position()
		if fr == g.top && g.state == gPending && g.pending.pos.IsValid() {
			// A stopped goroutine's pc is back at its operation.
			p := m.prog.fset.Position(g.pending.pos)
			pos = fmt.Sprintf("%s:%d", p.Filename, p.Line)
		}
		fmt.Fprintf(&b, "%s\n\t%s\n", fr.fn.traceName(), pos)
	}
	return b.String()
}

// traceFrames returns g's frames as goroutineTrace prints them.
func (m *Machine) traceFrames(g *goroutine) []TraceFrame {
	var fs []TraceFrame
	for fr := g.top; fr != nil; fr = fr.caller {
		if fr.fn.ssa == nil {
			continue
		}
		f := TraceFrame{Func: fr.fn.traceName()}
		if pkg := fr.fn.ssa.Pkg; pkg != nil {
			f.Pkg = pkg.Pkg.Path()
		}
		pos := token.NoPos
		if i := max(fr.pc-1, 0); i < len(fr.fn.pos) {
			pos = fr.fn.pos[i]
		}
		if fr == g.top && g.state == gPending && g.pending.pos.IsValid() {
			pos = g.pending.pos
		}
		if pos.IsValid() {
			p := m.prog.fset.Position(pos)
			f.File, f.Line = p.Filename, p.Line
		}
		fs = append(fs, f)
	}
	return fs
}

// traceName is f's name and arguments as a traceback prints them (see
// goroutineTrace): "main.main()", "example.com/bank.(*Account).Deposit(...)".
func (f *function) traceName() string {
	if s := f.traced.Load(); s != nil {
		return *s
	}
	s := f.makeTraceName()
	f.traced.Store(&s)
	return s
}

func (f *function) makeTraceName() string {
	if f.ssa == nil {
		return f.name + "(...)"
	}
	name := f.goName() // qualified by the package's name
	if pkg := f.ssa.Pkg; pkg != nil && pkg.Pkg.Name() != "main" {
		name = pkg.Pkg.Path() + strings.TrimPrefix(name, pkg.Pkg.Name())
	}
	name = strings.Replace(name, ".funcbound", "-fm", 1) // a method value's wrapper
	if i := strings.IndexByte(name, '['); i >= 0 {
		if j := strings.LastIndexByte(name, ']'); j > i {
			name = name[:i] + "[...]" + name[j+1:]
		}
	}
	if sig := f.ssa.Signature; sig.Params().Len() == 0 && sig.Recv() == nil {
		return name + "()"
	}
	return name + "(...)"
}
