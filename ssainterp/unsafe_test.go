package ssainterp

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnsafeRefusals: unsafe code that does not fit interpreted memory is
// an mcheck error "unsupported: unsafe ..." at the instruction's line,
// never a program panic, never an internal error.
func TestUnsafeRefusals(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"bytesofint", `x := uint64(1)
	b := (*[8]byte)(unsafe.Pointer(&x))
	println(b[0])`, "unsupported: unsafe: converting *uint64 to *[8]byte (their memory layouts differ)"},
		{"signedness", `x := int32(-1)
	println(*(*uint32)(unsafe.Pointer(&x)))`, "unsupported: unsafe: accessing memory of type int32 through *uint32"},
		{"slicereinterp", `type M struct {
		a int32
		p *int
	}
	b := (*byte)(unsafe.Pointer(&M{a: 1}))
	println(len(unsafe.Slice(b, 8)))`, "unsupported: unsafe: elements of a *byte made from a pointer to m/slicereinterp.M (their memory layouts differ)"},
		{"fakeaddr", `p := unsafe.Pointer(uintptr(0x1234))
	println(*(*int)(p))`, "unsupported: unsafe: the constant address 0x1234 is not inside an allocation"},
		{"uintptrvar", `addrs := []uintptr{0x1234}
	println(*(*int)(unsafe.Pointer(addrs[0])))`, "unsupported: unsafe: uintptr 0x1234 is not inside an allocation"},
		{"addpast", `a := [2]int{1, 2}
	p := unsafe.Add(unsafe.Pointer(&a[0]), 16)
	println(*(*int)(p))`, "unsupported: unsafe: unsafe.Add(p, 16) leaves p's allocation:"},
		{"addmid", `a := [2]int{1, 2}
	p := unsafe.Add(unsafe.Pointer(&a[0]), 4)
	println(*(*int32)(p))`, "unsupported: unsafe: a pointer 4 bytes into a int"},
		{"slicepast", `a := []int{1, 2}
	s := unsafe.Slice(&a[1], 2)
	println(len(s))`, "unsupported: unsafe: 2 elements from element 1 of an allocation of 2"},
		{"slicenotarray", `x := 1
	s := unsafe.Slice(&x, 2)
	println(len(s))`, "unsupported: unsafe: 2 elements from a pointer that is not into an array"},
		// A header read through an unsafe.Pointer of unknown origin:
		// its data address would step by bytes over any element type.
		{"headerunknown", `type header struct {
		data     uintptr
		len, cap int
	}
	hdrOf := func(p unsafe.Pointer) *header { return (*header)(p) }
	s := []int64{10, 20, 30}
	h := hdrOf(unsafe.Pointer(&s))
	println(*(*int64)(unsafe.Pointer(h.data + 8)))`, "unsupported: unsafe: the data address of a slice whose element type mcheck does not know"},
		{"headersize", `type header struct {
		data     *byte
		len, cap int
	}
	s := []int64{10, 20, 30}
	h := (*header)(unsafe.Pointer(&s))
	println(*h.data)`, "unsupported: unsafe: a header of int64 elements read with a data pointer of type byte"},
		// An interface's words through a header that is kept while the
		// variable changes: a copy would be stale.
		{"keptheader", `type words struct{ typ, data unsafe.Pointer }
	var x any = 1
	h := (*words)(unsafe.Pointer(&x))
	typ := func() unsafe.Pointer { return h.typ }
	x = "s"
	println(typ() != nil)`, "unsupported: unsafe: a *"},
		// An interface made from a type word and a data word that points
		// to a variable, not to an interface's boxed value.
		{"foreigndata", `type words struct{ typ, data unsafe.Pointer }
	var a any = 1
	n := 2
	var y any
	*(*words)(unsafe.Pointer(&y)) = words{(*words)(unsafe.Pointer(&a)).typ, unsafe.Pointer(&n)}
	println(y.(int))`, "unsupported: unsafe: an interface holding a int made from a data word that is not an interface's"},
		// Plain data over bytes (unsafebytes.go): a pointer that is kept
		// would be a stale copy; a bool from a byte that is neither 0
		// nor 1; a whole struct with padding stored (its padding bytes);
		// an access past the bytes.
		{"keptbytes", `type hdr struct{ a, b uint32 }
	var buf [8]byte
	h := (*hdr)(unsafe.Pointer(&buf[0]))
	get := func() uint32 { return h.a }
	buf[0] = 1
	println(get())`, "unsupported: unsafe: converting *byte to *m/keptbytes.hdr, a pointer that is kept"},
		{"boolbyte", `type hdr struct {
		n  uint16
		ok bool
	}
	buf := []byte{1, 0, 2, 0}
	println((*hdr)(unsafe.Pointer(&buf[0])).ok)`, "unsupported: unsafe: reading a bool from a byte that holds 2"},
		{"padded", `type hdr struct {
		a uint8
		b uint32
	}
	var buf [8]byte
	*(*hdr)(unsafe.Pointer(&buf[0])) = hdr{1, 2}
	println(buf[0])`, "unsupported: unsafe: storing a whole m/padded.hdr, which has padding, over bytes"},
		{"pastbytes", `b := make([]byte, 10)
	println(*(*uint32)(unsafe.Pointer(&b[8])))`, "unsupported: unsafe: 4 bytes of a uint32 at offset 0 of 2 bytes: past their end"},
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf("package main\n\nimport \"unsafe\"\n\nfunc main() {\n\tdefer func() { recover() }()\n\t%s\n}\n", c.body))
	}
	expectFaults(t, dir, cases)
}

// TestTypeDescriptorReadsAreRefused: a type word read as the runtime's
// descriptor works (corpus unsafe_type_descriptors.go: the hasher
// github.com/dolthub/maphash reads), but a reflect.Type's data word is
// mcheck's model, not a descriptor, and one type word read under two
// layouts cannot be both: each gets an mcheck error naming what it read,
// at its line: no internal error ("interface {} is nil, not
// ssainterp.agg"), no fake nil dereference, whatever the program's
// recover.
func TestTypeDescriptorReadsAreRefused(t *testing.T) {
	t.Parallel()
	const decls = `type maptype struct {
	size, ptrdata uintptr
	hash          uint32
	tflag, align, fieldAlign, kind uint8
	equal         func(unsafe.Pointer, unsafe.Pointer) bool
	gcdata        *byte
	str, ptrToThis int32
	key, elem, group unsafe.Pointer
	hasher        func(unsafe.Pointer, uintptr) uintptr
}

type words struct{ typ, data unsafe.Pointer }

type K struct{ A, B int }
`
	cases := []struct{ name, body, want string }{
		{"twolayouts", `a := any(make(map[K]struct{}))
	w := (*words)(unsafe.Pointer(&a)).typ
	println((*maptype)(w).size)
	println((*[2]uint32)(w)[1])`, "unsupported: unsafe: the runtime's type descriptor of map[main.K]struct {} read as *m/twolayouts.maptype and as *[2]uint32"},
		{"reflecttype", `rt := reflect.TypeOf(map[K]struct{}{})
	mt := (*maptype)((*words)(unsafe.Pointer(&rt)).data)
	println(mt.hasher != nil)`, "unsupported: unsafe: converting the data word of a reflect.Type (mcheck's model, not the runtime's *rtype) to *m/reflecttype.maptype"},
		{"mapword", `m := any(map[int]int{1: 1})
	println(*(*int)((*words)(unsafe.Pointer(&m)).data))`, "unsupported: unsafe: converting a map's word (mcheck has no runtime map header) to *int"},
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf("package main\n\nimport (\n\t\"reflect\"\n\t\"unsafe\"\n)\n\nvar _ reflect.Type\n\n%s\nfunc main() {\n\tdefer func() { recover() }()\n\t%s\n}\n", decls, c.body))
	}
	expectFaults(t, dir, cases)
}

// expectFaults loads the module in dir and runs its main package m/NAME
// for each case: each must end with an mcheck fault that contains want
// and names its main.go line, never an internal error.
func expectFaults(t *testing.T, dir string, cases []struct{ name, body, want string }) {
	t.Helper()
	prog, err := Load(LoadConfig{Dir: dir, Uncached: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		res := prog.Run("m/"+c.name, Config{Stderr: &stderr})
		if res.Fault == nil || !strings.Contains(res.Fault.Error(), c.want) || !strings.Contains(res.Fault.Error(), "main.go:") ||
			strings.Contains(res.Fault.Error(), "internal error") || res.ExitCode == 0 {
			t.Errorf("%s: fault %v, exit %d (stderr %q), want one with %q at main.go:LINE", c.name, res.Fault, res.ExitCode, stderr.String(), c.want)
		}
	}
}
