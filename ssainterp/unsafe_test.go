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
	println(*(*uint32)(unsafe.Pointer(&x)))`, "unsupported: unsafe: converting *int32 to *uint32"},
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
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf("package main\n\nimport \"unsafe\"\n\nfunc main() {\n\tdefer func() { recover() }()\n\t%s\n}\n", c.body))
	}
	prog, err := Load(LoadConfig{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		res := prog.Run("m/"+c.name, Config{Stderr: &stderr})
		if res.Fault == nil || !strings.Contains(res.Fault.Error(), c.want) || !strings.Contains(res.Fault.Error(), "main.go:") ||
			strings.Contains(res.Fault.Error(), "internal error") {
			t.Errorf("%s: fault %v (stderr %q), want one with %q at main.go:LINE", c.name, res.Fault, stderr.String(), c.want)
		}
	}
}
