package ssainterp

import (
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
	if !strings.Contains(format, "%T") && !strings.Contains(format, "T") {
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
		if verb == 'T' && argi < len(operands) {
			if out == nil {
				out = append([]value(nil), operands...)
			}
			tn := "<nil>"
			if it, _ := operands[argi].r.(*iface); it != nil {
				tn = it.t.name
			}
			out[argi] = m.stringPanic(tn)
			b.WriteString(format[i:j])
			b.WriteByte('s')
			changed = true
		} else {
			b.WriteString(format[i : j+w])
		}
		argi++
		i = j + w
	}
	if !changed {
		return args
	}
	res := append([]value(nil), args...)
	res[fi] = strVal(b.String())
	res[len(res)-1] = value{r: out}
	return res
}
