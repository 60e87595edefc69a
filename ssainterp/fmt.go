package ssainterp

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
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
