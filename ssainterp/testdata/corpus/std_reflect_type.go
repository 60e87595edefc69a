// Tests reflect.Type: kinds, names, struct fields and tags, embedding, method sets, relations between types and type constructors.
package main

import (
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type Box[T any] struct{ V T }

type Pair[K comparable, V any] struct {
	K K
	V V
}

type Inner struct {
	ID   int
	Name string
}

type Other struct {
	Name string
	Note string
}

type Base struct{ Level int }

func (b Base) Describe() string { return "base" }
func (b *Base) Bump()           { b.Level++ }

type Outer struct {
	Inner
	*Other
	Title  string `json:"title,omitempty" xml:"t"`
	secret int
	Empty  string `json:""`
	B      Base
}

type Deep struct {
	Outer
	Flag bool
}

type Shape interface {
	Area() float64
	Name() string
}

type Rect struct{ W, H float64 }

func (r Rect) Area() float64    { return r.W * r.H }
func (r *Rect) Name() string    { return "rect" }
func (r *Rect) Scale(f float64) { r.W *= f; r.H *= f }

type Wrapper struct {
	Base
	*Rect
}

type Handler func(int, ...string) (bool, error)

type MyInt int
type Small struct {
	A byte
	B int64
	C int16
}

func main() {
	// Kind, Name, PkgPath, String.
	samples := []any{
		0, int8(0), uint64(0), 1.5, float32(1), complex(1, 2), "s", true,
		Celsius(0), Box[int]{}, Pair[string, []int]{}, &Inner{}, []string{}, map[string]int{},
		make(chan int), make(<-chan bool), func(int) string { return "" }, [3]byte{}, struct{ X int }{},
		Rect{}, new(Shape), uintptr(0), []Box[string]{}, MyInt(0), new(error),
	}
	for i, s := range samples {
		t := reflect.TypeOf(s)
		fmt.Printf("type[%d]: kind=%v name=%q pkg=%q string=%s\n", i, t.Kind(), t.Name(), t.PkgPath(), t.String())
	}
	fmt.Println("typefor error:", reflect.TypeFor[error](), reflect.TypeFor[error]().Kind())
	fmt.Println("typefor any:", reflect.TypeFor[any](), reflect.TypeFor[any]().NumMethod())
	fmt.Println("typeof nil:", reflect.TypeOf(nil) == nil)
	fmt.Println("kind strings:", reflect.Int, reflect.Struct, reflect.UnsafePointer, reflect.Kind(200))

	// Struct fields.
	to := reflect.TypeOf(Outer{})
	fmt.Println("outer numfield:", to.NumField())
	for i := 0; i < to.NumField(); i++ {
		f := to.Field(i)
		fmt.Printf("field %d: name=%s pkg=%q type=%v anon=%v index=%v exported=%v tag=%q\n",
			i, f.Name, f.PkgPath, f.Type, f.Anonymous, f.Index, f.IsExported(), f.Tag)
	}
	title, _ := to.FieldByName("Title")
	fmt.Println("tag json:", title.Tag.Get("json"), "xml:", title.Tag.Get("xml"), "missing:", title.Tag.Get("yaml") == "")
	v, ok := title.Tag.Lookup("xml")
	fmt.Println("lookup xml:", v, ok)
	v, ok = title.Tag.Lookup("yaml")
	fmt.Printf("lookup yaml: %q %v\n", v, ok)
	empty, _ := to.FieldByName("Empty")
	v, ok = empty.Tag.Lookup("json")
	fmt.Printf("lookup empty json: %q %v\n", v, ok)

	ts := reflect.TypeOf(Small{})
	for i := 0; i < ts.NumField(); i++ {
		f := ts.Field(i)
		fmt.Printf("small %s offset=%d size=%d align=%d\n", f.Name, f.Offset, f.Type.Size(), f.Type.Align())
	}
	fmt.Println("small size:", ts.Size(), "align:", ts.Align(), "fieldalign:", ts.FieldAlign())

	// FieldByName through embedding.
	for _, name := range []string{"ID", "Name", "Note", "Level", "Title", "secret", "Nope", "Inner", "Other"} {
		f, ok := to.FieldByName(name)
		if ok {
			fmt.Printf("outer.%s: found index=%v type=%v\n", name, f.Index, f.Type)
		} else {
			fmt.Printf("outer.%s: not found\n", name)
		}
	}
	td := reflect.TypeOf(Deep{})
	f, ok := td.FieldByName("ID")
	fmt.Println("deep.ID:", f.Index, ok)
	f, ok = td.FieldByName("Note")
	fmt.Println("deep.Note:", f.Index, ok, f.Type)
	fmt.Println("deep byindex [0 3]:", td.FieldByIndex([]int{0, 3}).Name)
	fmt.Println("deep byindex [0 0 1]:", td.FieldByIndex([]int{0, 0, 1}).Name)
	fn, ok := to.FieldByNameFunc(func(s string) bool { return strings.HasPrefix(s, "Tit") })
	fmt.Println("by func:", fn.Name, ok)

	// Methods.
	showMethods := func(label string, t reflect.Type) {
		var names []string
		for i := 0; i < t.NumMethod(); i++ {
			m := t.Method(i)
			names = append(names, fmt.Sprintf("%s:%v", m.Name, m.Type))
		}
		fmt.Printf("%s methods(%d): %s\n", label, t.NumMethod(), strings.Join(names, " | "))
	}
	showMethods("Rect", reflect.TypeOf(Rect{}))
	showMethods("*Rect", reflect.TypeOf(&Rect{}))
	showMethods("Shape", reflect.TypeFor[Shape]())
	showMethods("Base", reflect.TypeOf(Base{}))
	showMethods("*Base", reflect.TypeOf(&Base{}))
	showMethods("Wrapper", reflect.TypeOf(Wrapper{}))
	showMethods("*Wrapper", reflect.TypeOf(&Wrapper{}))
	showMethods("Celsius", reflect.TypeOf(Celsius(0)))
	showMethods("io.ReadWriter", reflect.TypeFor[io.ReadWriter]())
	m, ok := reflect.TypeOf(&Rect{}).MethodByName("Scale")
	fmt.Println("methodbyname Scale:", m.Name, m.Index, m.Type, ok)
	_, ok = reflect.TypeOf(Rect{}).MethodByName("Scale")
	fmt.Println("Rect has Scale:", ok)

	// Implements / AssignableTo / ConvertibleTo / Comparable.
	shape := reflect.TypeFor[Shape]()
	stringer := reflect.TypeFor[fmt.Stringer]()
	fmt.Println("Rect implements Shape:", reflect.TypeOf(Rect{}).Implements(shape))
	fmt.Println("*Rect implements Shape:", reflect.TypeOf(&Rect{}).Implements(shape))
	fmt.Println("Celsius implements Stringer:", reflect.TypeOf(Celsius(1)).Implements(stringer))
	fmt.Println("*Celsius implements Stringer:", reflect.TypeOf(new(Celsius)).Implements(stringer))
	fmt.Println("Wrapper implements Shape:", reflect.TypeOf(Wrapper{}).Implements(shape))
	fmt.Println("int implements Stringer:", reflect.TypeOf(1).Implements(stringer))
	fmt.Println("ReadWriter implements Reader:", reflect.TypeFor[io.ReadWriter]().Implements(reflect.TypeFor[io.Reader]()))
	tInt, tMyInt, tF := reflect.TypeOf(0), reflect.TypeOf(MyInt(0)), reflect.TypeOf(0.0)
	fmt.Println("assign int->MyInt:", tInt.AssignableTo(tMyInt), "int->any:", tInt.AssignableTo(reflect.TypeFor[any]()))
	fmt.Println("assign *Rect->Shape:", reflect.TypeOf(&Rect{}).AssignableTo(shape), "[]int->[]MyInt:", reflect.TypeOf([]int{}).AssignableTo(reflect.TypeOf([]MyInt{})))
	fmt.Println("convert int->MyInt:", tInt.ConvertibleTo(tMyInt), "int->float:", tInt.ConvertibleTo(tF), "int->string:", tInt.ConvertibleTo(reflect.TypeOf("")))
	fmt.Println("convert string->[]byte:", reflect.TypeOf("").ConvertibleTo(reflect.TypeOf([]byte{})), "string->int:", reflect.TypeOf("").ConvertibleTo(tInt))
	fmt.Println("convert []int->[3]int:", reflect.TypeOf([]int{}).ConvertibleTo(reflect.TypeOf([3]int{})), "[]int->*[2]int:", reflect.TypeOf([]int{}).ConvertibleTo(reflect.TypeOf(&[2]int{})))
	for _, s := range []any{1, "x", []int{}, map[int]int{}, func() {}, Inner{}, struct{ S []int }{}, [2]int{}, [2][]int{}, new(int)} {
		fmt.Printf("comparable %v: %v\n", reflect.TypeOf(s), reflect.TypeOf(s).Comparable())
	}

	// Elem, Key, Len, funcs, chans, bits.
	fmt.Println("elem *Inner:", reflect.TypeOf(&Inner{}).Elem(), "elem []string:", reflect.TypeOf([]string{}).Elem())
	tm := reflect.TypeOf(map[string][]float64{})
	fmt.Println("map key:", tm.Key(), "elem:", tm.Elem(), "elem.elem:", tm.Elem().Elem())
	fmt.Println("array len:", reflect.TypeOf([7]int16{}).Len(), "elem:", reflect.TypeOf([7]int16{}).Elem())
	th := reflect.TypeOf(Handler(nil))
	fmt.Println("handler:", th, th.Kind(), "in:", th.NumIn(), "out:", th.NumOut(), "variadic:", th.IsVariadic())
	for i := 0; i < th.NumIn(); i++ {
		fmt.Println("  in", i, th.In(i))
	}
	for i := 0; i < th.NumOut(); i++ {
		fmt.Println("  out", i, th.Out(i))
	}
	tPrintf := reflect.TypeOf(fmt.Sprintf)
	fmt.Println("sprintf:", tPrintf, tPrintf.IsVariadic(), tPrintf.In(1))
	for _, c := range []any{make(chan int), make(<-chan int), make(chan<- int)} {
		ct := reflect.TypeOf(c)
		fmt.Println("chan:", ct, ct.ChanDir(), ct.Elem())
	}
	for _, b := range []any{int8(0), uint16(0), int32(0), 0, float32(0), 0.0, complex64(0), complex128(0), uintptr(0)} {
		bt := reflect.TypeOf(b)
		fmt.Printf("bits %v: %d size %d\n", bt, bt.Bits(), bt.Size())
	}

	// Type constructors and equality.
	pt := reflect.PointerTo(reflect.TypeOf(Inner{}))
	fmt.Println("pointerto:", pt, pt == reflect.TypeOf(&Inner{}))
	st := reflect.SliceOf(tMyInt)
	fmt.Println("sliceof:", st, st == reflect.TypeOf([]MyInt{}))
	mt := reflect.MapOf(reflect.TypeOf(""), reflect.SliceOf(tInt))
	fmt.Println("mapof:", mt, mt == reflect.TypeOf(map[string][]int{}))
	at := reflect.ArrayOf(4, reflect.TypeOf(byte(0)))
	fmt.Println("arrayof:", at, at == reflect.TypeOf([4]uint8{}), at.Size())
	ch := reflect.ChanOf(reflect.RecvDir, tInt)
	fmt.Println("chanof:", ch, ch == reflect.TypeOf(make(<-chan int)))
	ft := reflect.FuncOf([]reflect.Type{tInt, reflect.TypeOf("")}, []reflect.Type{reflect.TypeFor[error]()}, false)
	fmt.Println("funcof:", ft, ft == reflect.TypeOf(func(int, string) error { return nil }))
	fmt.Println("eq int int:", reflect.TypeOf(1) == reflect.TypeOf(2), "int MyInt:", tInt == tMyInt, "Box[int] Box[string]:", reflect.TypeOf(Box[int]{}) == reflect.TypeOf(Box[string]{}))
	anon1 := reflect.TypeOf(struct{ X int }{})
	anon2 := reflect.TypeOf(struct{ X int }{X: 5})
	fmt.Println("anon struct eq:", anon1 == anon2)

	counts := map[reflect.Type]int{}
	for _, x := range []any{1, 2, "a", 3.0, "b", MyInt(1), 4, []int{1}, []int{}} {
		counts[reflect.TypeOf(x)]++
	}
	var keys []string
	for k, n := range counts {
		keys = append(keys, fmt.Sprintf("%v=%d", k, n))
	}
	sort.Strings(keys)
	fmt.Println("type counts:", keys)
	fmt.Printf("fmt: %v %s %v\n", reflect.TypeOf(Pair[int, bool]{}), reflect.TypeOf(map[Celsius]*Box[int]{}), []reflect.Type{tInt, tF})

	if counts[tInt] != 3 || !reflect.TypeOf(&Rect{}).Implements(shape) || reflect.TypeOf(Rect{}).Implements(shape) {
		panic("FAIL: reflect type invariants")
	}
	if reflect.TypeOf(Deep{}).NumField() != 2 || pt.Elem() != reflect.TypeOf(Inner{}) {
		panic("FAIL: reflect type structure")
	}
}
