// A pointer converted to a pointer of another layout and kept only for
// its identity: compared, used as a map key and in a weak pointer (as
// github.com/sasha-s/go-deadlock keys its lock order by
// weak.Make((*byte)(p)) of any lock), turned into an address and back.
package main

import (
	"fmt"
	"sync"
	"unsafe"
	"weak"
)

type M struct{ a, b int }

func ptrFromInterface(i interface{}) *byte {
	type eface struct {
		_    uintptr
		data unsafe.Pointer
	}
	return (*byte)((*eface)(unsafe.Pointer(&i)).data)
}

type pair struct{ before, after weak.Pointer[byte] }

func main() {
	x, y := &M{a: 1}, &M{a: 2}
	wx := weak.Make(ptrFromInterface(x))
	wx2 := weak.Make(ptrFromInterface(x))
	wy := weak.Make(ptrFromInterface(y))
	fmt.Println("same pointer, equal weak pointers:", wx == wx2, wx == wy)
	m := map[weak.Pointer[byte]]int{wx: 1}
	fmt.Println("map by weak pointer:", m[wx2], m[wy])

	var mu1, mu2 sync.Mutex
	order := map[pair]string{{weak.Make(ptrFromInterface(&mu1)), weak.Make(ptrFromInterface(&mu2))}: "mu1 before mu2"}
	fmt.Println("lock order:", order[pair{weak.Make(ptrFromInterface(&mu1)), weak.Make(ptrFromInterface(&mu2))}])
	_, reversed := order[pair{weak.Make(ptrFromInterface(&mu2)), weak.Make(ptrFromInterface(&mu1))}]
	fmt.Println("reversed order known:", reversed)

	b := (*byte)(unsafe.Pointer(x))
	fmt.Println("same address:", uintptr(unsafe.Pointer(b)) == uintptr(unsafe.Pointer(x)))
	fmt.Println("same unsafe.Pointer:", unsafe.Pointer(b) == unsafe.Pointer(x), any(unsafe.Pointer(b)) == any(unsafe.Pointer(x)))
	byPtr := map[unsafe.Pointer]string{unsafe.Pointer(x): "x"}
	fmt.Println("map by unsafe.Pointer:", byPtr[unsafe.Pointer(b)], (*byte)(unsafe.Pointer(x)) == b)
	back := (*M)(unsafe.Pointer(b))
	fmt.Println("back:", back == x, back.a)
	fmt.Println("weak value:", (*M)(unsafe.Pointer(wx.Value())) == x)
}
