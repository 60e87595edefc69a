// Command callback_fmt_methods prints values whose methods fmt calls
// (String, Error, Format, GoString), nested in structs, slices, maps and
// pointers, with panicking and nil-receiver methods, wrapped errors and
// %T, so that fmt running from SSA is compared with go run.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Point struct{ X, Y int }

func (p *Point) String() string {
	if p == nil {
		return "nowhere"
	}
	return fmt.Sprintf("(%d,%d)", p.X, p.Y)
}

type Money struct{ cents int64 }

func (m Money) Format(f fmt.State, verb rune) {
	switch verb {
	case 'v', 's':
		if f.Flag('+') {
			fmt.Fprint(f, "USD ")
		}
		fmt.Fprintf(f, "%d.%02d", m.cents/100, m.cents%100)
	default:
		fmt.Fprintf(f, "%%!%c(Money)", verb)
	}
}

type Code int

func (c Code) GoString() string { return fmt.Sprintf("Code(%d)", int(c)) }
func (c Code) String() string   { return "code-" + fmt.Sprint(int(c)) }

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

type Boom struct{}

func (Boom) String() string { panic("boom") }

type Guarded struct {
	mu   sync.Mutex
	Name string
	n    int
}

func (g *Guarded) String() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return fmt.Sprintf("%s#%d", g.Name, g.n)
}

type Report struct {
	Temp   Celsius
	Where  *Point
	Price  Money
	Codes  []Code
	Errs   map[string]error
	hidden Celsius
	Any    any
}

type upper struct{ w io.Writer }

func (u upper) Write(p []byte) (int, error) {
	return u.w.Write([]byte(strings.ToUpper(string(p))))
}

func main() {
	fmt.Println(Celsius(21.5), &Point{1, 2}, Money{1234}, Code(7))
	fmt.Printf("%v|%s|%d|%q|%x\n", Celsius(3), Celsius(4), Code(5), Code(6), Code(7))
	fmt.Printf("%+v|%v|%8s|%-8v|%d\n", Money{99}, Money{100}, Money{5}, Money{7}, Money{1})
	fmt.Printf("%#v %#v\n", Code(3), []Code{1, 2})
	var np *Point
	fmt.Println(np, []*Point{{3, 4}, nil})
	r := Report{Temp: 30, Where: &Point{5, 6}, Price: Money{250}, Codes: []Code{1}, Errs: map[string]error{"b": &NotFound{"x"}, "a": errors.New("plain")}, hidden: 9, Any: Celsius(1)}
	fmt.Printf("%v\n%+v\n", r, r)
	fmt.Printf("%T %T %T %T\n", r, &r, Money{}, []error{})
	fmt.Println(Boom{}, "after boom")
	fmt.Printf("[%s] [%d]\n", Boom{}, Boom{})
	g := &Guarded{Name: "g", n: 2}
	fmt.Println(g, []any{g, Celsius(-1)})
	err := fmt.Errorf("load %q: %w", "cfg", &NotFound{"cfg"})
	fmt.Println(err)
	var nf *NotFound
	fmt.Println(errors.As(err, &nf), nf.Key, errors.Unwrap(err) == error(nf))
	multi := fmt.Errorf("both: %w and %w", err, io.EOF)
	fmt.Println(multi, errors.Is(multi, io.EOF))
	s := fmt.Sprintf("%6.2f|%v|%08.3f", Celsius(1.234), map[Code]Celsius{2: 1, 1: 2}, 3.14159)
	fmt.Println(s, len(s))
	fmt.Fprintf(upper{os.Stdout}, "written through %v\n", &Point{7, 8})
	b := fmt.Appendf([]byte("pre:"), "%v;", Code(1))
	b = fmt.Append(b, Celsius(2), " ")
	b = fmt.Appendln(b, &Point{})
	os.Stdout.Write(b)
	fmt.Fprintln(os.Stderr, "to stderr:", Code(9))
	fmt.Printf("%d %s\n", &Point{1, 1})
	fmt.Printf("%!\n", Code(1))
}
