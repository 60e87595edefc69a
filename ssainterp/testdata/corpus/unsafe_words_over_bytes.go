// Words read and written over bytes as gorilla/websocket masks a frame:
// a byte array read as one word through a pointer to the array,
// *(*uintptr)(unsafe.Pointer(&k)), and the words of a []byte reached by
// uintptr arithmetic from its first element,
// *(*uintptr)(unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + uintptr(i))).
// The alignment the code computes from the address decides only how
// many bytes it masks one at a time, so the output is the same whatever
// the address.
package main

import (
	"fmt"
	"unsafe"
)

const wordSize = int(unsafe.Sizeof(uintptr(0)))

func maskBytes(key [4]byte, pos int, b []byte) int {
	if len(b) < 2*wordSize {
		for i := range b {
			b[i] ^= key[pos&3]
			pos++
		}
		return pos & 3
	}
	if n := int(uintptr(unsafe.Pointer(&b[0]))) % wordSize; n != 0 {
		n = wordSize - n
		for i := range b[:n] {
			b[i] ^= key[pos&3]
			pos++
		}
		b = b[n:]
	}
	var k [wordSize]byte
	for i := range k {
		k[i] = key[(pos+i)&3]
	}
	kw := *(*uintptr)(unsafe.Pointer(&k))
	n := (len(b) / wordSize) * wordSize
	for i := 0; i < n; i += wordSize {
		*(*uintptr)(unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + uintptr(i))) ^= kw
	}
	b = b[n:]
	for i := range b {
		b[i] ^= key[pos&3]
		pos++
	}
	return pos & 3
}

type header struct {
	tag  [4]byte
	size uint32
}

func main() {
	key := [4]byte{0x12, 0x34, 0x56, 0x78}
	for _, n := range []int{3, 16, 17, 40, 101} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i * 7)
		}
		orig := string(b)
		pos := maskBytes(key, 1, b)
		fmt.Printf("%d: %x pos %d\n", n, b, pos)
		maskBytes(key, 1, b)
		fmt.Println("unmasked:", string(b) == orig)
	}

	// A word over a byte array, read and written whole.
	var a [8]byte
	for i := range a {
		a[i] = byte(i + 1)
	}
	w := (*uint64)(unsafe.Pointer(&a))
	fmt.Printf("%#x\n", *w)
	*w = 0x0102030405060708
	fmt.Println(a)

	// A struct's byte-array field read as a word.
	h := header{tag: [4]byte{'w', 's', 'o', 'k'}, size: 9}
	fmt.Printf("%#x %d\n", *(*uint32)(unsafe.Pointer(&h.tag)), h.size)

	// Words at a uintptr offset past the first element, and unaligned.
	buf := make([]byte, 24)
	base := uintptr(unsafe.Pointer(&buf[0]))
	*(*uint64)(unsafe.Pointer(base + 8)) = 0x1122334455667788
	*(*uint16)(unsafe.Pointer(base + 3)) = 0xbeef
	fmt.Println(buf)
	fmt.Printf("%#x\n", *(*uint32)(unsafe.Pointer(base + 9)))
}
