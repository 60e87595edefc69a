// Tests fmt with user Format, GoString, String, Error methods on value and pointer receivers.
package main

import (
	"fmt"
	"strings"
)

type Money struct {
	Cents int64
	Cur   string
}

func (m Money) String() string { return fmt.Sprintf("%d.%02d %s", m.Cents/100, m.Cents%100, m.Cur) }
func (m Money) GoString() string {
	return fmt.Sprintf("Money(%d, %q)", m.Cents, m.Cur)
}

type Vec struct{ X, Y float64 }

func (v Vec) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v':
		if f.Flag('+') {
			fmt.Fprintf(f, "Vec{X: %g, Y: %g}", v.X, v.Y)
			return
		}
		if f.Flag('#') {
			fmt.Fprintf(f, "main.Vec{%g,%g}", v.X, v.Y)
			return
		}
		fmt.Fprintf(f, "(%g,%g)", v.X, v.Y)
	case 's':
		w, ok := f.Width()
		s := fmt.Sprintf("<%g %g>", v.X, v.Y)
		if ok && w > len(s) {
			s = strings.Repeat("_", w-len(s)) + s
		}
		f.Write([]byte(s))
	case 'f':
		p, ok := f.Precision()
		if !ok {
			p = 1
		}
		fmt.Fprintf(f, "[%.*f;%.*f]", p, v.X, p, v.Y)
	default:
		fmt.Fprintf(f, "%%!%c(Vec)", verb)
	}
}

type PtrOnly struct{ id int }

func (p *PtrOnly) String() string { return fmt.Sprintf("P%d", p.id) }

type ErrCode int

func (e ErrCode) Error() string { return fmt.Sprintf("error code %d", int(e)) }

type Panicky struct{}

func (Panicky) String() string { panic("stringer exploded") }

type NilOK struct{}

func (*NilOK) String() string { return "nil-safe" }

func main() {
	m := Money{12345, "EUR"}
	fmt.Println(m)
	fmt.Printf("%v|%s|%+v|%#v|%q\n", m, m, m, m, m)
	fmt.Printf("%#v\n", []Money{{1, "A"}})
	v := Vec{1.5, -2}
	fmt.Println(v)
	fmt.Printf("%v|%+v|%#v|%s|%12s|%f|%.3f|%d\n", v, v, v, v, v, v, v, v)
	fmt.Println([]Vec{{1, 2}, {3, 4}})
	fmt.Printf("%v\n", map[string]Vec{"a": {0, 0}})
	po := PtrOnly{7}
	fmt.Println(po, &po)
	fmt.Printf("%v %v\n", []PtrOnly{{1}}, []*PtrOnly{{2}})
	var e error = ErrCode(42)
	fmt.Println(e, ErrCode(1))
	fmt.Printf("%v %d %s %x\n", ErrCode(3), ErrCode(3), ErrCode(3), ErrCode(3))
	fmt.Println(Panicky{})
	fmt.Printf("%s|%d\n", Panicky{}, 5)
	var nn *NilOK
	fmt.Println(nn)
	var np *PtrOnly
	fmt.Println(np)
	fmt.Printf("%v\n", struct {
		M Money
		V Vec
	}{m, v})
	s := fmt.Sprint(m, v)
	if s != "123.45 EUR (1.5,-2)" {
		panic("FAIL: Sprint with methods: " + s)
	}
}
