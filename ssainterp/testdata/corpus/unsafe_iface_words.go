// The words of an interface read and written through unsafe, as
// protobuf-go's reflection layer does (reflect/protoreflect's
// value_unsafe.go and internal/impl's pointer_unsafe.go): the type word
// compared for type identity, the data word kept in a union and turned
// back into an interface, a message pointer's data word stepped by a
// field offset, a header with a zero-size field, a single word written.
package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

type ifaceHeader struct {
	_    [0]any
	Type unsafe.Pointer
	Data unsafe.Pointer
}

func typeOf(t any) unsafe.Pointer {
	return (*ifaceHeader)(unsafe.Pointer(&t)).Type
}

// value is protoreflect's union: a type word, a data word, a number.
type value struct {
	typ unsafe.Pointer
	ptr unsafe.Pointer
	num uint64
}

func valueOfIface(v any) value {
	p := (*ifaceHeader)(unsafe.Pointer(&v))
	return value{typ: p.Type, ptr: p.Data}
}

func (v value) getIface() (x any) {
	*(*ifaceHeader)(unsafe.Pointer(&x)) = ifaceHeader{Type: v.typ, Data: v.ptr}
	return x
}

func valueOfString(s string) value {
	return value{typ: stringType, ptr: unsafe.Pointer(unsafe.StringData(s)), num: uint64(len(s))}
}

func (v value) getString() string { return unsafe.String((*byte)(v.ptr), v.num) }

var (
	nilType    = typeOf(nil)
	stringType = typeOf("")
	int32Type  = typeOf(int32(0))
)

type Msg struct {
	state int64
	Name  string
	Count int32
	Tags  []string
}

// pointer is internal/impl's pointer: an unsafe.Pointer and offsets.
type pointer struct{ p unsafe.Pointer }

func pointerOfIface(v any) pointer {
	type ifaceHeader struct {
		Type unsafe.Pointer
		Data unsafe.Pointer
	}
	return pointer{p: (*ifaceHeader)(unsafe.Pointer(&v)).Data}
}

func (p pointer) Apply(off uintptr) pointer {
	return pointer{p: unsafe.Pointer(uintptr(p.p) + off)}
}

type wrapped struct{ p *Msg } // pointer-shaped: held in the data word

type pair struct{ a, b int } // not pointer-shaped: boxed

type words struct{ typ, data uintptr }

func main() {
	fmt.Println(typeOf(nil) == nilType, typeOf("a") == stringType, typeOf(int32(7)) == int32Type)
	fmt.Println(typeOf(1) == typeOf(2), typeOf(1) == typeOf(int64(1)), typeOf(&Msg{}) == typeOf((*Msg)(nil)))

	// Round trips through the union.
	m := &Msg{Name: "a", Count: 3}
	for _, x := range []any{nil, m, "str", 42, pair{1, 2}, wrapped{m}, map[string]int{"k": 1}, []int{1, 2}, int32(-5)} {
		y := valueOfIface(x).getIface()
		fmt.Printf("%T %v %v\n", y, y == nil, reflect.DeepEqual(x, y))
	}
	if y := valueOfIface(m).getIface().(*Msg); y != m {
		fmt.Println("pointer changed")
	}
	if w := valueOfIface(wrapped{m}).getIface().(wrapped); w.p != m {
		fmt.Println("direct struct changed")
	}
	f := func() int { return 9 }
	fmt.Println(valueOfIface(f).getIface().(func() int)())
	s := valueOfString("hello")
	fmt.Println(s.typ == stringType, s.getString())

	// The data word of one interface is the same for its copies.
	var a any = pair{3, 4}
	b := a
	fmt.Println(valueOfIface(a).ptr == valueOfIface(b).ptr, *(*pair)(valueOfIface(a).ptr))

	// Fields of a message through its data word and reflect's offsets.
	st := reflect.TypeOf(Msg{})
	name, _ := st.FieldByName("Name")
	count, _ := st.FieldByName("Count")
	tags, _ := st.FieldByName("Tags")
	p := pointerOfIface(m)
	*(*string)(p.Apply(name.Offset).p) = "b"
	*(*int32)(p.Apply(count.Offset).p) += 10
	tp := (*[]string)(p.Apply(tags.Offset).p)
	*tp = append(*tp, "x", "y")
	fmt.Println(m.Name, m.Count, m.Tags, len(*tp))

	// A header read after the variable changed sees the new value.
	var v any = 1
	h := (*ifaceHeader)(unsafe.Pointer(&v))
	t1 := h.Type
	v = "s"
	fmt.Println(t1 == typeOf(0), h.Type == stringType)

	// Writing one word: the same type, another pointer.
	m2 := &Msg{Name: "other"}
	var w any = m
	(*ifaceHeader)(unsafe.Pointer(&w)).Data = unsafe.Pointer(m2)
	fmt.Println(w.(*Msg).Name)

	// Words as uintptrs.
	ws := (*words)(unsafe.Pointer(&w))
	fmt.Println(ws.typ != 0, ws.data == uintptr(unsafe.Pointer(m2)))

	// A header kept in a variable while the interface is not used
	// otherwise.
	var z any = int32(8)
	kept := (*ifaceHeader)(unsafe.Pointer(&z))
	get := func() int32 { return *(*int32)(kept.Data) }
	fmt.Println(get(), kept.Type == int32Type)
}
