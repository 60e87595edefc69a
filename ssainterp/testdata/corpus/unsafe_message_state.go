// protobuf-go's message pointers (internal/impl/pointer_unsafe.go): a
// generated message's pointer crosses a function boundary as an
// unsafe.Pointer, is converted to a pointer to its first field (the
// message state), stepped by reflect's field offsets to the other
// fields, converted back to the whole message, and viewed through
// reflect.NewAt.
package main

import (
	"fmt"
	"reflect"
	"sync/atomic"
	"unsafe"
)

type Pointer unsafe.Pointer

type MessageInfo struct{ name string }

type messageState struct {
	_                 [0]func()
	atomicMessageInfo *MessageInfo
}

type MessageState = messageState

type HealthCheckRequest struct {
	state   MessageState
	Service string
	Count   int32
	Tags    []string
}

//go:noinline
func MessageStateOf(p Pointer) *messageState { return (*messageState)(unsafe.Pointer(p)) }

func (ms *messageState) pointer() unsafe.Pointer { return unsafe.Pointer(ms) }

func (ms *messageState) LoadMessageInfo() *MessageInfo {
	return (*MessageInfo)(atomic.LoadPointer((*unsafe.Pointer)(unsafe.Pointer(&ms.atomicMessageInfo))))
}

func (ms *messageState) StoreMessageInfo(mi *MessageInfo) {
	atomic.StorePointer((*unsafe.Pointer)(unsafe.Pointer(&ms.atomicMessageInfo)), unsafe.Pointer(mi))
}

func apply(p unsafe.Pointer, off uintptr) unsafe.Pointer { return unsafe.Pointer(uintptr(p) + off) }

var info = &MessageInfo{name: "grpc.health.v1.HealthCheckRequest"}

func main() {
	x := &HealthCheckRequest{Service: "db", Count: 1}
	ms := MessageStateOf(Pointer(x))
	fmt.Println(ms.LoadMessageInfo() == nil)
	ms.StoreMessageInfo(info)
	fmt.Println(ms.LoadMessageInfo().name, x.state.atomicMessageInfo == info)

	t := reflect.TypeOf(*x)
	svc, _ := t.FieldByName("Service")
	cnt, _ := t.FieldByName("Count")
	tags, _ := t.FieldByName("Tags")
	p := ms.pointer()
	fmt.Println(*(*string)(apply(p, svc.Offset)), *(*int32)(apply(p, cnt.Offset)))
	*(*int32)(apply(p, cnt.Offset)) = 7
	*(*[]string)(apply(p, tags.Offset)) = append(*(*[]string)(apply(p, tags.Offset)), "a")
	fmt.Println(x.Count, x.Tags)

	back := (*HealthCheckRequest)(p)
	fmt.Println(back == x, back.Service)

	v := reflect.NewAt(reflect.TypeOf(""), apply(p, svc.Offset))
	v.Elem().SetString("cache")
	fmt.Println(x.Service, v.Type(), v.Elem().Interface())
	w := reflect.NewAt(t, p)
	fmt.Println(w.Interface().(*HealthCheckRequest) == x, w.Elem().Field(2).Int())
}
