// Tests fmt's use of String()/Error() methods on value and pointer receivers, nested in containers.
package main

import (
	"errors"
	"fmt"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type PtrStr struct{ n int }

func (p *PtrStr) String() string { return fmt.Sprintf("PtrStr#%d", p.n) }

type E struct{ code int }

func (e E) Error() string { return fmt.Sprintf("E%d", e.code) }

// Both Error and String: Error wins.
type Both struct{}

func (Both) Error() string  { return "as-error" }
func (Both) String() string { return "as-string" }

type Color int

const (
	Red Color = iota
	Green
)

func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

type Wrapper struct {
	T Temp
	C Color
	p int
}

func main() {
	fmt.Println(Temp(21.5), Red, Green, Color(7))
	fmt.Printf("%v %s %d %q\n", Green, Green, Green, Green)
	v := PtrStr{3}
	fmt.Println(v, &v)
	fmt.Printf("%v %+v %v\n", v, v, &v)
	fmt.Println(E{404}, Both{})
	fmt.Printf("%v %s %q\n", E{1}, E{2}, E{3})
	fmt.Println([]Temp{1, 2.25}, map[Color]Temp{Green: 5, Red: -3})
	fmt.Printf("%v %+v\n", Wrapper{3, 1, 2}, Wrapper{3, 1, 2})
	fmt.Println([]*PtrStr{{1}, {2}})
	var s fmt.Stringer = Temp(0)
	fmt.Println(s.String(), s)
	errs := []error{E{5}, errors.New("plain"), nil}
	fmt.Println(errs)
	badVerb := "%v|%s|%d\n" // non-constant so vet does not reject the deliberate bad verb
	fmt.Printf(badVerb, Color(1), Color(0), Temp(2))
	fmt.Println(fmt.Sprint(Red, Green), fmt.Sprint("a", Red, "b"))
	var np *PtrStr
	fmt.Println("nil *PtrStr with String method:", np)
	type plain struct{ c Color }
	fmt.Println(plain{Green})
	fmt.Printf("%x %X\n", Temp(1), Color(1))
	if fmt.Sprint(Color(1)) != "Green" {
		panic("FAIL: Stringer")
	}
}
