// Hashing as fast concurrent maps and caches do it (xsync, ristretto):
// runtime.memhash, strhash and typehash through go:linkname, over the
// words of strings, slices and interfaces read with unsafe. The values
// are seeded per process natively, so only their equalities are
// printed.
package main

import (
	"fmt"
	"reflect"
	"unsafe"
)

//go:linkname memhash runtime.memhash
func memhash(p unsafe.Pointer, h, s uintptr) uintptr

//go:linkname strhash runtime.strhash
func strhash(p unsafe.Pointer, h uintptr) uintptr

//go:linkname typehash runtime.typehash
func typehash(t uintptr, p unsafe.Pointer, h uintptr) uintptr

type stringStruct struct {
	str unsafe.Pointer
	len int
}

func memHash(b []byte) uint64 {
	ss := (*stringStruct)(unsafe.Pointer(&b))
	return uint64(memhash(ss.str, 0, uintptr(ss.len)))
}

func memHashString(s string) uint64 {
	sh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	return uint64(memhash(unsafe.Pointer(sh.Data), 0, uintptr(sh.Len)))
}

type iface struct {
	typ  uintptr
	word unsafe.Pointer
}

type key struct {
	a int
	b string
}

func hasher[T comparable]() func(T) uintptr {
	var zero T
	var iz any = zero
	i := (*iface)(unsafe.Pointer(&iz))
	return func(v T) uintptr { return typehash(i.typ, unsafe.Pointer(&v), 7) }
}

func main() {
	a, b := []byte("concurrency"), []byte("concurrency")
	fmt.Println(memHash(a) == memHash(b), memHash(a) == memHashString("concurrency"), memHash(a) != memHash([]byte("other")))
	s1, s2 := "key", string([]byte("key"))
	fmt.Println(strhash(unsafe.Pointer(&s1), 1) == strhash(unsafe.Pointer(&s2), 1))
	hk := hasher[key]()
	fmt.Println(hk(key{1, "x"}) == hk(key{1, "x"}), hk(key{1, "x"}) != hk(key{2, "x"}))
	hf := hasher[float64]()
	fmt.Println(hf(0.0) == hf(-1*0.0))
	var x, y any = 1, 1
	ix, iy := (*iface)(unsafe.Pointer(&x)), (*iface)(unsafe.Pointer(&y))
	var z any = "1"
	iz := (*iface)(unsafe.Pointer(&z))
	fmt.Println(ix.typ == iy.typ, ix.typ != iz.typ, typehash(ix.typ, ix.word, 3) == typehash(iy.typ, iy.word, 3))
}
