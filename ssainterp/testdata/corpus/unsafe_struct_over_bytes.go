// Structs and words of fixed-size fields laid over bytes through
// unsafe.Pointer, as freecache keeps its entry headers in a ring buffer:
// field stores encode into the bytes at once, field loads decode what
// the bytes hold now, whatever wrote them (copy, a byte store, another
// view); signed, float, bool, nested and array fields; unaligned words;
// unsafe.Add; element addresses with their bounds check; views over
// shared bytes under a mutex.
package main

import (
	"fmt"
	"sync"
	"unsafe"
)

type entryHdr struct {
	accessTime uint32
	expireAt   uint32
	keyLen     uint16
	hash16     uint16
	valLen     uint32
	valCap     uint32
	deleted    bool
	slotId     uint8
	reserved   uint16
}

const hdrSize = 24

type mixed struct {
	a  int8
	b  int16
	c  int32
	d  int64
	f  float32
	g  float64
	in struct {
		x uint8
		y [3]uint16
	}
	arr [2]int32
	u   uintptr
}

type ring struct {
	data []byte
}

func (r *ring) writeAt(p []byte, off int) { copy(r.data[off:], p) }
func (r *ring) readAt(p []byte, off int)  { copy(p, r.data[off:]) }

func main() {
	if unsafe.Sizeof(entryHdr{}) != hdrSize {
		panic("size")
	}
	rb := &ring{data: make([]byte, 256)}

	var hdrBuf [hdrSize]byte
	hdr := (*entryHdr)(unsafe.Pointer(&hdrBuf[0]))
	hdr.accessTime = 0x01020304
	hdr.expireAt = 0xfffffffe
	hdr.keyLen = 5
	hdr.hash16 = 0xbeef
	hdr.valLen = 300
	hdr.valCap = 512
	hdr.slotId = 7
	fmt.Println("bytes", hdrBuf)
	rb.writeAt(hdrBuf[:], 40)

	var other [hdrSize]byte
	rb.readAt(other[:], 40)
	h2 := (*entryHdr)(unsafe.Pointer(&other[0]))
	fmt.Println("read back", h2.accessTime, h2.expireAt, h2.keyLen, h2.hash16, h2.valLen, h2.valCap, h2.deleted, h2.slotId)
	h2.deleted = true
	for h2.valCap < 2000 {
		h2.valCap *= 2
	}
	other[4] = 0x10 // a byte store, seen by the next field load
	fmt.Println("changed", h2.deleted, h2.valCap, h2.expireAt, other[20], other[16:20])
	whole := *h2
	fmt.Printf("whole %+v\n", whole)
	whole.keyLen = 9
	*hdr = whole
	fmt.Println("stored whole", hdrBuf)

	// Fields of every size and sign, nested structs and arrays.
	buf := make([]byte, unsafe.Sizeof(mixed{})+3)
	mx := (*mixed)(unsafe.Pointer(&buf[3]))
	mx.a, mx.b, mx.c, mx.d = -2, -300, -70000, -1<<40
	mx.f, mx.g = 1.5, -2.25
	mx.in.x = 200
	mx.in.y[1] = 0xabcd
	mx.arr[1] = -5
	mx.u = 0xdeadbeef
	fmt.Println("mixed", mx.a, mx.b, mx.c, mx.d, mx.f, mx.g, mx.in.x, mx.in.y, mx.arr, mx.u)
	fmt.Println("mixed bytes", buf[3:19])
	buf[3+8+4] = 0x80 // the high byte of f's bits
	fmt.Println("float from bytes", mx.f)
	fmt.Printf("mixed whole %+v\n", *mx)

	// Unaligned words and unsafe.Add.
	w := make([]byte, 20)
	for i := range w {
		w[i] = byte(i * 17)
	}
	fmt.Printf("%#x %#x\n", *(*uint64)(unsafe.Pointer(&w[3])), *(*uint32)(unsafe.Pointer(unsafe.Add(unsafe.Pointer(&w[0]), 9))))
	*(*uint16)(unsafe.Pointer(&w[1])) = 0x1234
	*(*int64)(unsafe.Add(unsafe.Pointer(&w[0]), 11)) = -1
	fmt.Println("words", w)

	// Elements through an array view, with the bounds check.
	words := (*[4]uint32)(unsafe.Pointer(&w[2]))
	for i := range 4 {
		words[i] += uint32(i)
	}
	fmt.Println("array view", words[0], words[3], w)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		i := 5
		(*[4]uint32)(unsafe.Pointer(&w[2]))[i] = 1
	}()

	// Views over shared bytes, under a mutex.
	shared := make([]byte, 4*hdrSize)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 {
				mu.Lock()
				h := (*entryHdr)(unsafe.Pointer(&shared[((g+k)%4)*hdrSize]))
				h.valLen += uint32(g + 1)
				h.keyLen++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for i := range 4 {
		h := (*entryHdr)(unsafe.Pointer(&shared[i*hdrSize]))
		fmt.Println("slot", i, h.valLen, h.keyLen)
	}
}
