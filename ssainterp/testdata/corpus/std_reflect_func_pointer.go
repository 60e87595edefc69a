// Tests reflect.Value.Pointer of funcs as Go has it: the code pointer, equal for every method value of one method whatever the receiver, for every value of one top-level function or func literal, and for every method value made by reflect; different between different functions. An event bus that unsubscribes handlers by comparing those pointers (as github.com/asaskevich/EventBus does) relies on it.
package main

import (
	"fmt"
	"reflect"
	"sync"
)

// handler is one subscription: the callback as a reflect.Value.
type handler struct {
	callBack reflect.Value
	once     bool
}

// Bus delivers the arguments of Publish to the handlers of a topic.
type Bus struct {
	mu       sync.Mutex
	handlers map[string][]*handler
}

func NewBus() *Bus { return &Bus{handlers: map[string][]*handler{}} }

func (b *Bus) subscribe(topic string, fn any, once bool) error {
	if k := reflect.TypeOf(fn).Kind(); k != reflect.Func {
		return fmt.Errorf("%s is not of type reflect.Func", k)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handlers[topic] = append(b.handlers[topic], &handler{reflect.ValueOf(fn), once})
	return nil
}

// Subscribe adds fn to topic's handlers.
func (b *Bus) Subscribe(topic string, fn any) error { return b.subscribe(topic, fn, false) }

// SubscribeOnce adds fn to topic's handlers for one Publish.
func (b *Bus) SubscribeOnce(topic string, fn any) error { return b.subscribe(topic, fn, true) }

// findHandlerIdx finds the handler of topic whose callback is fn's code.
func (b *Bus) findHandlerIdx(topic string, fn reflect.Value) int {
	for i, h := range b.handlers[topic] {
		if h.callBack.Type() == fn.Type() && h.callBack.Pointer() == fn.Pointer() {
			return i
		}
	}
	return -1
}

// Unsubscribe removes the first handler of topic with fn's code.
func (b *Bus) Unsubscribe(topic string, fn any) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	i := b.findHandlerIdx(topic, reflect.ValueOf(fn))
	if i < 0 {
		return fmt.Errorf("topic %s doesn't exist", topic)
	}
	hs := b.handlers[topic]
	b.handlers[topic] = append(hs[:i:i], hs[i+1:]...)
	return nil
}

// Publish calls topic's handlers with args.
func (b *Bus) Publish(topic string, args ...any) {
	b.mu.Lock()
	hs := append([]*handler(nil), b.handlers[topic]...)
	b.mu.Unlock()
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = reflect.ValueOf(a)
	}
	for _, h := range hs {
		if h.once {
			b.Unsubscribe(topic, h.callBack.Interface())
		}
		h.callBack.Call(in)
	}
}

type Logger struct{ name string }

func (l *Logger) Handle(msg string) { fmt.Println(l.name, "handles", msg) }
func (l *Logger) Audit(msg string)  { fmt.Println(l.name, "audits", msg) }
func (l Logger) Echo(msg string)    { fmt.Println(l.name, "echoes", msg) }

func shout(msg string)   { fmt.Println("shout", msg) }
func whisper(msg string) { fmt.Println("whisper", msg) }

func ptr(f any) uintptr { return reflect.ValueOf(f).Pointer() }

func main() {
	a, b := &Logger{"a"}, &Logger{"b"}
	fmt.Println("a.Handle == a.Handle:", ptr(a.Handle) == ptr(a.Handle))
	fmt.Println("a.Handle == b.Handle:", ptr(a.Handle) == ptr(b.Handle))
	fmt.Println("a.Handle == a.Audit:", ptr(a.Handle) == ptr(a.Audit))
	fmt.Println("a.Echo == b.Echo:", ptr(a.Echo) == ptr(b.Echo))
	fmt.Println("shout == shout:", ptr(shout) == ptr(shout))
	fmt.Println("shout == whisper:", ptr(shout) == ptr(whisper))
	fmt.Println("shout != 0:", ptr(shout) != 0, "nil func:", ptr((func(string))(nil)))
	v := shout
	fmt.Println("shout == variable of shout:", ptr(v) == ptr(shout))
	var lits []func() int
	for i := range 3 {
		lits = append(lits, func() int { return i })
	}
	fmt.Println("one literal, three closures:", ptr(lits[0]) == ptr(lits[1]), ptr(lits[1]) == ptr(lits[2]))
	fmt.Println("Logger.Echo == Logger.Echo:", ptr(Logger.Echo) == ptr(Logger.Echo))
	fmt.Println("(*Logger).Handle == (*Logger).Audit:", ptr((*Logger).Handle) == ptr((*Logger).Audit))
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	fmt.Println("reflect method values:", ra.Method(0).Pointer() == rb.Method(0).Pointer(), ra.Method(0).Pointer() == ra.Method(1).Pointer())
	fmt.Println("UnsafePointer:", reflect.ValueOf(shout).UnsafePointer() == reflect.ValueOf(shout).UnsafePointer(),
		reflect.ValueOf(shout).UnsafePointer() == reflect.ValueOf(whisper).UnsafePointer(),
		reflect.ValueOf(a.Handle).UnsafePointer() == reflect.ValueOf(b.Handle).UnsafePointer())

	bus := NewBus()
	bus.Subscribe("news", a.Handle)
	bus.Subscribe("news", shout)
	bus.Subscribe("news", b.Audit)
	bus.SubscribeOnce("news", whisper)
	bus.Publish("news", "one")
	fmt.Println("unsubscribe shout:", bus.Unsubscribe("news", shout))
	bus.Publish("news", "two")
	// b.Handle has a.Handle's code: it unsubscribes a's handler, as
	// natively.
	fmt.Println("unsubscribe b.Handle:", bus.Unsubscribe("news", b.Handle))
	bus.Publish("news", "three")
	fmt.Println("unsubscribe a.Handle again:", bus.Unsubscribe("news", a.Handle))
	fmt.Println("unsubscribe a.Audit:", bus.Unsubscribe("news", a.Audit))
	bus.Publish("news", "four")
	fmt.Println("subscribe a string:", bus.Subscribe("news", "not a func"))
}
