package ssainterp

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// The words of an interface through unsafe (see unsafe.go).
//
// Natively an interface is two words: a pointer to the dynamic type's
// descriptor and a data word, which is the value itself for the
// pointer-shaped types (isDirectIface) and a pointer to a boxed copy of
// the value for the others. Code such as protobuf-go's reflection layer
// reads them through a struct of two pointer-sized fields laid over the
// interface variable, (*ifaceHeader)(unsafe.Pointer(&x)), and writes
// them back the same way to make an interface from a type word and a
// data word.
//
// In interpreted memory an interface is one cell holding an *iface: its
// *rtype and its value. A type word is a cell per type (typeWord), so
// equal types give equal words. A data word is the value for the
// pointer-shaped types, else &i.v, the value inside the *iface: copies
// of an interface share their *iface as they share their data word
// natively, so the word is the same for every copy, and a write through
// it is seen by all of them, as natively.
//
// A header laid over an interface variable is an ifaceView: every use
// of the converted pointer reads or writes the words there and then
// (a load of the header or of one of its words, a store of the header
// or of one word), compiled as an access to the interface's cell
// (viewOp), so the words are those of the variable's value at the time
// of the access. A pointer that is kept (stored, passed, captured) is a
// copy of the words (convertPointer1), which is exact only when the
// variable is not used again other than through it (escapedViewOK);
// anything else is an "unsupported" error at the conversion.

// ifaceView is a conversion of unsafe.Pointer(p), p a pointer to an
// interface, to *H, H an interface header (ifaceHeaderFields).
type ifaceView struct {
	hdr    types.Type // H
	tf, df int        // the fields of H that hold the type and data words
	live   bool       // every use reads or writes the words at once
	origin ssa.Value  // p
}

// ifaceHeaderFields reports whether t is a struct of two pointer-sized
// words as code that reads an interface's words writes it (each a
// pointer, unsafe.Pointer or uintptr), with any zero-size fields around
// them (protobuf-go's `_ [0]any`); tf and df are the fields of the type
// word and the data word.
func ifaceHeaderFields(t types.Type) (tf, df int, ok bool) {
	st, isStruct := t.Underlying().(*types.Struct)
	if !isStruct {
		return 0, 0, false
	}
	var words []int
	for i := range st.NumFields() {
		ft := st.Field(i).Type()
		if gcSizes.Sizeof(ft) == 0 {
			continue
		}
		if !isDataPtr(ft.Underlying()) {
			return 0, 0, false
		}
		words = append(words, i)
	}
	if len(words) != 2 {
		return 0, 0, false
	}
	return words[0], words[1], true
}

// ifaceHeader reports whether t is an interface header (see
// ifaceHeaderFields).
func ifaceHeader(t types.Type) bool {
	_, _, ok := ifaceHeaderFields(t)
	return ok
}

// isDirectIface reports whether an interface holding a value of type t
// holds it in its data word (the compiler's types.IsDirectIface):
// pointers, channels, maps, funcs, unsafe.Pointer, and structs and
// arrays of one such element.
func isDirectIface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Chan, *types.Map, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() == 1 && isDirectIface(u.Elem())
	case *types.Struct:
		return u.NumFields() == 1 && isDirectIface(u.Field(0).Type())
	}
	return false
}

// ifaceWords returns the words of interface value x as a struct of
// header type U (see ifaceHeaderFields): its type word and its data word.
func (m *Machine) ifaceWords(x any, U types.Type) value {
	tf, df, _ := ifaceHeaderFields(U)
	st := U.Underlying().(*types.Struct)
	parts := make(agg, st.NumFields())
	for k := range parts {
		parts[k] = m.prog.rtypeOf(st.Field(k).Type()).zero()
	}
	i, _ := x.(*iface)
	if i == nil {
		return value{r: parts}
	}
	parts[tf] = m.asWordField(st.Field(tf).Type(), m.typeWord(i.t), nil)
	w, wt := m.dataWord(i)
	parts[df] = m.asWordField(st.Field(df).Type(), w, wt)
	return value{r: parts}
}

// dataWord returns the data word of interface i, and the type of what
// it points to when that is memory (nil otherwise).
func (m *Machine) dataWord(i *iface) (value, types.Type) {
	t := i.t.t
	if t == nil {
		unsupported("unsafe: the data word of an interface holding a %s, a type mcheck knows only natively", i.t.name)
	}
	if !isDirectIface(t) {
		if m.uns.boxes == nil {
			m.uns.boxes = map[*value]*iface{}
		}
		m.uns.boxes[&i.v] = i
		m.uns.typeHint(&i.v, t)
		return value{r: &i.v}, t
	}
	v := i.v
	for {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			v, t = v.r.(agg)[0], u.Field(0).Type()
			continue
		case *types.Array:
			v, t = v.r.(agg)[0], u.Elem()
			continue
		case *types.Pointer:
			if c, ok := v.r.(*value); ok && c != nil {
				m.uns.typeHint(c, u.Elem())
			}
			return v, u.Elem()
		}
		return v, nil
	}
}

// asWordField returns word w (a pointer to memory of type pt, if known)
// as a field of type ft: itself, or its address for a uintptr.
func (m *Machine) asWordField(ft types.Type, w value, pt types.Type) value {
	b, ok := ft.Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Uintptr {
		return w
	}
	if _, isCell := w.r.(*value); !isCell && !isNilRef(w.r) {
		return value{n: uint64(m.addrOf(w.r))} // a map's, a channel's or a func's word
	}
	return value{n: uint64(m.unsafeAddr(w, pt))}
}

// ifaceFromWords is the interface whose words are tw and dw, fields of
// header type U, as a store of a header over an interface variable
// makes it.
func (m *Machine) ifaceFromWords(tw, dw value, U types.Type) value {
	_, df, _ := ifaceHeaderFields(U)
	st := U.Underlying().(*types.Struct)
	if isUintptrField(st, df) {
		dw = m.pointerAt(uintptr(dw.n), nil, "an interface's data word")
	}
	if tw.r == nil && tw.n == 0 {
		if !isNilRef(dw.r) {
			unsupported("unsafe: an interface with a data word and no type word")
		}
		return value{}
	}
	rt := m.typeAt(tw)
	if rt.t == nil {
		unsupported("unsafe: an interface holding a %s, a type mcheck knows only natively, made from its words", rt.name)
	}
	if isDirectIface(rt.t) {
		return value{r: &iface{t: rt, v: wrapDirect(rt.t, dw)}}
	}
	c, _ := dw.r.(*value)
	if c == nil {
		unsupported("unsafe: an interface holding a %s made from a nil data word", rt.name)
	}
	if i := m.uns.boxOf(c); i != nil && i.t == rt {
		return value{r: i}
	}
	unsupported("unsafe: an interface holding a %s made from a data word that is not an interface's (mcheck knows the boxed values of interfaces only)", rt.name)
	return value{}
}

// wrapDirect is the value of pointer-shaped type t whose word is w.
func wrapDirect(t types.Type, w value) value {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return value{r: agg{wrapDirect(u.Field(0).Type(), w)}}
	case *types.Array:
		return value{r: agg{wrapDirect(u.Elem(), w)}}
	}
	return w
}

func isUintptrField(st *types.Struct, k int) bool {
	b, ok := st.Field(k).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uintptr
}

// boxOf returns the interface whose boxed value is cell c (its data
// word, see dataWord), or nil.
func (s *unsafeState) boxOf(c *value) *iface {
	return s.boxes[c]
}

// typeHint records that cell c holds a value of type t, for unsafeAddr
// of a pointer to it whose static type is unknown (an interface's data
// word as an unsafe.Pointer).
func (s *unsafeState) typeHint(c *value, t types.Type) {
	if s.hints == nil {
		s.hints = map[*value]types.Type{}
	}
	s.hints[c] = t
}

// typeHintOnce records that cell c holds a value of type t unless a
// type is known for it already.
func (s *unsafeState) typeHintOnce(c *value, t types.Type) {
	if _, ok := s.hints[c]; !ok {
		s.typeHint(c, t)
	}
}

// typeWord is the type word of an interface holding a value of type t:
// a cell per type, so that equal types give equal words.
func (m *Machine) typeWord(t *rtype) value {
	if m.uns.types == nil {
		m.uns.types, m.uns.typeOf = map[*rtype]*value{}, map[*value]*rtype{}
	}
	c := m.uns.types[t]
	if c == nil {
		c = new(value)
		m.uns.types[t], m.uns.typeOf[c] = c, t
	}
	return value{r: c}
}

// typeAt returns the type a type word (a pointer or its address) stands
// for.
func (m *Machine) typeAt(w value) *rtype {
	c, _ := w.r.(*value)
	if c == nil && w.n != 0 {
		c, _ = m.pointerAt(uintptr(w.n), nil, "type word").r.(*value)
	}
	t := m.uns.typeOf[c]
	if t == nil {
		unsupported("unsafe: a type word that is not an interface's")
	}
	return t
}

// Compiling header views.

// ifaceViewOf returns the view that conv makes, if it converts an
// unsafe.Pointer made from a pointer to an interface to a pointer to an
// interface header.
func ifaceViewOf(conv *ssa.Convert) *ifaceView {
	pt, ok := conv.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	b, ok := conv.X.Type().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.UnsafePointer {
		return nil
	}
	tf, df, ok := ifaceHeaderFields(pt.Elem())
	if !ok {
		return nil
	}
	from, ok := conv.X.(*ssa.Convert)
	if !ok {
		return nil
	}
	fp, ok := from.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	if _, ok := fp.Elem().Underlying().(*types.Interface); !ok {
		return nil
	}
	v := &ifaceView{hdr: pt.Elem(), tf: tf, df: df, origin: from.X}
	v.live = liveView(conv)
	return v
}

// liveView reports whether every use of the header pointer conv reads
// or writes the words at once: a load or store of the header, or of a
// field of it.
func liveView(conv *ssa.Convert) bool {
	for _, r := range *conv.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || r.CommaOk {
				return false
			}
		case *ssa.Store:
			if r.Addr != conv || r.Val == conv {
				return false
			}
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				switch rr := rr.(type) {
				case *ssa.UnOp:
					if rr.Op != token.MUL || rr.CommaOk {
						return false
					}
				case *ssa.Store:
					if rr.Addr != r || rr.Val == r {
						return false
					}
				case *ssa.DebugRef:
				default:
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// escapedViewOK reports whether a header pointer conv that is kept
// (not live) may be a copy of the words: the interface is a local
// variable stored once before the conversion, in its block, and used
// afterwards only through this one conversion, so the copy is the only
// way the program reaches the variable.
func escapedViewOK(conv *ssa.Convert, v *ifaceView) bool {
	alloc, ok := v.origin.(*ssa.Alloc)
	from := conv.X.(*ssa.Convert)
	if !ok || len(*from.Referrers()) != 1 {
		return false
	}
	var store *ssa.Store
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if store != nil || r.Addr != alloc {
				return false
			}
			store = r
		case *ssa.DebugRef:
		default:
			if r != from {
				return false
			}
		}
	}
	if store == nil || store.Block() != from.Block() {
		return store == nil // never stored: the zero interface
	}
	for _, ins := range from.Block().Instrs {
		switch ins {
		case store:
			return true
		case ssa.Instruction(from):
			return false
		}
	}
	return false
}

// findViews records the interface views of the function being compiled
// (c.views): the header conversions and the field addresses of live
// ones.
func (c *compiler) findViews() {
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			conv, ok := ins.(*ssa.Convert)
			if !ok {
				continue
			}
			v := ifaceViewOf(conv)
			if v == nil {
				continue
			}
			if c.views == nil {
				c.views = map[ssa.Value]*ifaceView{}
			}
			c.views[conv] = v
			if !v.live {
				continue
			}
			for _, r := range *conv.Referrers() {
				if fa, ok := r.(*ssa.FieldAddr); ok {
					c.views[fa] = v
				}
			}
		}
	}
}

// viewOp compiles ins if it is part of an interface view: the
// conversion, a field address of a live one (both keep the pointer to
// the interface), and the loads and stores through them. nil otherwise.
func (c *compiler) viewOp(ins ssa.Instruction) op {
	if c.views == nil {
		return nil
	}
	switch ins := ins.(type) {
	case *ssa.Convert:
		v := c.views[ins]
		if v == nil {
			return nil
		}
		if v.live {
			x, d := c.slot(ins.X), c.slots[ins]
			return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
		}
		if !escapedViewOK(ins, v) {
			U := v.hdr
			return func(fr *frame) *frame {
				unsupported("unsafe: a *%s over an interface variable that is kept while the variable is used otherwise (mcheck reads and writes an interface's words only at once)", U)
				return nil
			}
		}
		return nil // a copy (convertPointer1)
	case *ssa.FieldAddr:
		v := c.views[ins]
		if v == nil {
			return nil
		}
		if ins.Field != v.tf && ins.Field != v.df {
			return func(fr *frame) *frame {
				unsupported("unsafe: the address of a zero-size field of an interface header")
				return nil
			}
		}
		x, d := c.slot(ins.X), c.slots[ins]
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
	case *ssa.UnOp:
		if v, field := c.viewOf(ins.X); v != nil && ins.Op == token.MUL {
			return c.viewLoad(ins, v, field)
		}
	case *ssa.Store:
		if v, field := c.viewOf(ins.Addr); v != nil {
			return c.viewStore(ins, v, field)
		}
	}
	return nil
}

// viewOf returns the live view that address a is, and the header field
// it addresses (-1: the whole header).
func (c *compiler) viewOf(a ssa.Value) (*ifaceView, int) {
	v := c.views[a]
	if v == nil || !v.live {
		return nil, 0
	}
	if fa, ok := a.(*ssa.FieldAddr); ok {
		return v, fa.Field
	}
	return v, -1
}

// viewCell returns the interface variable's cell that a view's register
// holds.
func viewCell(fr *frame, x int) *value {
	switch p := fr.regs[x].r.(type) {
	case *value:
		if p != nil {
			return p
		}
	case nil:
	default:
		unsupported("unsafe: the words of an interface in native memory")
	}
	throwPanic(nilDeref())
	return nil
}

func (c *compiler) viewLoad(ins *ssa.UnOp, v *ifaceView, field int) op {
	x, d := c.slot(ins.X), c.slots[ins]
	track := !localAddr(v.origin)
	U := v.hdr
	return func(fr *frame) *frame {
		p := viewCell(fr, x)
		if stops(fr, track, p, false) {
			fr.pc--
			return nil
		}
		w := fr.g.m.ifaceWords(p.r, U)
		if field >= 0 {
			w = w.r.(agg)[field]
		}
		fr.regs[d] = w
		return fr
	}
}

func (c *compiler) viewStore(ins *ssa.Store, v *ifaceView, field int) op {
	a, val := c.slot(ins.Addr), c.slot(ins.Val)
	track := !localAddr(v.origin)
	U, tf, df := v.hdr, v.tf, v.df
	return func(fr *frame) *frame {
		p := viewCell(fr, a)
		if stops(fr, track, p, true) {
			fr.pc--
			return nil
		}
		m := fr.g.m
		var words agg
		if field < 0 {
			words = fr.regs[val].r.(agg)
		} else {
			words = m.ifaceWords(p.r, U).r.(agg)
			words[field] = fr.regs[val]
		}
		*p = m.ifaceFromWords(words[tf], words[df], U)
		return fr
	}
}
