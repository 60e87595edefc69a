// The runtime's type descriptors read through an interface's type word,
// as github.com/dolthub/maphash (under otter) reads a map type's hasher.
// (hasher and mapType are not inlined: go1.26.8's linker fails with
// "R_USEIFACE ... references type:.hashfunc.main.K" when they are.)
package main

import (
	"fmt"
	"unsafe"
)

type _type struct {
	size       uintptr
	ptrdata    uintptr
	hash       uint32
	tflag      uint8
	align      uint8
	fieldAlign uint8
	kind       uint8
	equal      func(unsafe.Pointer, unsafe.Pointer) bool
	gcdata     *byte
	str        int32
	ptrToThis  int32
}

type maptype struct {
	typ               _type
	key               *_type
	elem              *_type
	bucket            *_type
	hasher            func(unsafe.Pointer, uintptr) uintptr
	keysize, elemsize uint8
	bucketsize        uint16
	flags             uint32
}

type mapiface struct {
	typ *maptype
	val unsafe.Pointer
}

type words struct{ typ, data unsafe.Pointer }

type K struct {
	A int
	S string
}

//go:noinline
func hasher[T comparable]() func(unsafe.Pointer, uintptr) uintptr {
	a := any(make(map[T]struct{}))
	return (*mapiface)(unsafe.Pointer(&a)).typ.hasher
}

//go:noinline
func mapType[T comparable, V any]() *maptype {
	a := any(make(map[T]V))
	return (*mapiface)(unsafe.Pointer(&a)).typ
}

func noescape(p unsafe.Pointer) unsafe.Pointer {
	x := uintptr(p)
	return unsafe.Pointer(x ^ 0)
}

func hash[T comparable](h func(unsafe.Pointer, uintptr) uintptr, k T, seed uintptr) uintptr {
	return h(noescape(unsafe.Pointer(&k)), seed)
}

func main() {
	hk := hasher[K]()
	s1 := "ab"
	s2 := string([]byte{'a', 'b'})
	fmt.Println("same keys hash the same:", hash(hk, K{1, s1}, 7) == hash(hk, K{1, s2}, 7))
	diff := 0
	for i := 0; i < 100; i++ {
		if hash(hk, K{i, "x"}, 7) != hash(hk, K{i + 1, "x"}, 7) {
			diff++
		}
	}
	fmt.Println("distinct keys mostly differ:", diff > 90)
	hs := hasher[string]()
	fmt.Println("string keys:", hash(hs, "hello", 3) == hash(hs, string([]byte("hello")), 3))
	hi := hasher[any]()
	fmt.Println("interface keys:", hash[any](hi, 42, 1) == hash[any](hi, 42, 1))

	mt := mapType[K, int]()
	fmt.Println("map kind:", mt.typ.kind, "size:", mt.typ.size)
	fmt.Println("key size:", mt.key.size, "kind:", mt.key.kind, "elem size:", mt.elem.size, "kind:", mt.elem.kind)
	b := any(K{})
	kt := (*words)(unsafe.Pointer(&b)).typ
	fmt.Println("key word is the key's type word:", unsafe.Pointer(mt.key) == kt)
	fmt.Println("size as a word:", *(*uintptr)(kt))
	fmt.Println("named flag:", mt.key.tflag&(1<<2) != 0, mt.typ.tflag&(1<<2) != 0)
}
