// Tests reflect calls: Method/MethodByName on values and pointers, Call/CallSlice, variadic and std functions, method expressions, panicking methods.
package main

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

type Counter struct {
	N    int
	Name string
}

func (c Counter) Get() int                      { return c.N }
func (c Counter) Describe(prefix string) string { return prefix + c.Name + "=" + strconv.Itoa(c.N) }
func (c *Counter) Add(d int) int                { c.N += d; return c.N }
func (c *Counter) Reset()                       { c.N = 0 }
func (c Counter) Boom(msg string)               { panic("boom: " + msg) }
func (c Counter) Fail(n int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("negative %d", n)
	}
	return n * 2, nil
}
func (c Counter) unexported() {}

type Getter interface{ Get() int }

type ErrKind struct{ Code int }

func (e *ErrKind) Error() string { return "errkind " + strconv.Itoa(e.Code) }

func sum(prefix string, nums ...int) string {
	t := 0
	for _, n := range nums {
		t += n
	}
	return fmt.Sprintf("%s%d(%d args)", prefix, t, len(nums))
}

func divmod(a, b int) (int, int, error) {
	if b == 0 {
		return 0, 0, errors.New("division by zero")
	}
	return a / b, a % b, nil
}

func vals(vs []reflect.Value) string {
	var parts []string
	for _, v := range vs {
		if v.Kind() == reflect.Interface && v.IsNil() {
			parts = append(parts, "<nil iface>")
			continue
		}
		parts = append(parts, fmt.Sprintf("%v(%v)", v.Interface(), v.Type()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func args(xs ...any) []reflect.Value {
	out := make([]reflect.Value, len(xs))
	for i, x := range xs {
		out[i] = reflect.ValueOf(x)
	}
	return out
}

func safeCall(label string, f reflect.Value, in []reflect.Value) {
	defer func() {
		if r := recover(); r != nil {
			_, isErr := r.(error)
			fmt.Printf("%s: recovered (error=%v): %v\n", label, isErr, r)
		}
	}()
	fmt.Printf("%s: %s\n", label, vals(f.Call(in)))
}

func main() {
	c := Counter{N: 5, Name: "c"}
	cv := reflect.ValueOf(c)
	pv := reflect.ValueOf(&c)
	fmt.Println("value NumMethod:", cv.NumMethod(), "pointer NumMethod:", pv.NumMethod())
	for i := 0; i < pv.NumMethod(); i++ {
		fmt.Printf("ptr method %d: %s %v\n", i, pv.Type().Method(i).Name, pv.Method(i).Type())
	}
	fmt.Println("Get via value:", vals(cv.MethodByName("Get").Call(nil)))
	fmt.Println("Describe via value:", vals(cv.MethodByName("Describe").Call(args("counter "))))
	fmt.Println("Add via pointer:", vals(pv.MethodByName("Add").Call(args(10))), "c.N now", c.N)
	fmt.Println("Get via pointer:", vals(pv.MethodByName("Get").Call(nil)))
	fmt.Println("Add missing on value:", cv.MethodByName("Add").IsValid())
	fmt.Println("unexported missing:", pv.MethodByName("unexported").IsValid())
	add := pv.MethodByName("Add")
	add.Call(args(1))
	add.Call(args(1))
	fmt.Println("bound method reused:", c.N, "method value kind:", add.Kind(), add.Type())
	got := cv.Method(0)
	c.N = 1000
	fmt.Println("value receiver copied at ValueOf:", vals(cv.MethodByName("Get").Call(nil)), "method(0) type:", got.Type())
	pv.MethodByName("Reset").Call([]reflect.Value{})
	fmt.Println("after Reset:", c.N)

	// Through interfaces.
	var g Getter = &Counter{N: 77}
	gv := reflect.ValueOf(&g).Elem()
	fmt.Println("iface value kind:", gv.Kind(), "NumMethod:", gv.NumMethod(), "Get:", vals(gv.Method(0).Call(nil)))
	fmt.Println("iface elem NumMethod:", gv.Elem().NumMethod(), "Add:", vals(gv.Elem().MethodByName("Add").Call(args(3))))
	fmt.Println("iface Get after Add:", g.Get())

	// Method expressions via Type.Method(i).Func.
	m, _ := reflect.TypeOf(&c).MethodByName("Add")
	fmt.Println("func type:", m.Func.Type())
	fmt.Println("func call:", vals(m.Func.Call(args(&c, 42))), "c.N:", c.N)
	dm, _ := reflect.TypeOf(c).MethodByName("Describe")
	fmt.Println("value method func:", vals(dm.Func.Call(args(Counter{N: 1, Name: "z"}, "> "))))
	for i := 0; i < reflect.TypeOf(c).NumMethod(); i++ {
		mt := reflect.TypeOf(c).Method(i)
		fmt.Printf("type method %d: %s index=%d in=%d out=%d pkg=%q\n", i, mt.Name, mt.Index, mt.Type.NumIn(), mt.Type.NumOut(), mt.PkgPath)
	}

	// Plain functions, closures, std functions.
	fmt.Println("toupper:", vals(reflect.ValueOf(strings.ToUpper).Call(args("hello"))))
	fmt.Println("repeat:", vals(reflect.ValueOf(strings.Repeat).Call(args("ab", 3))))
	fmt.Println("itoa:", vals(reflect.ValueOf(strconv.Itoa).Call(args(-12))))
	fmt.Println("atoi bad:", vals(reflect.ValueOf(strconv.Atoi).Call(args("x1"))))
	total := 0
	acc := func(n int) int { total += n; return total }
	av := reflect.ValueOf(acc)
	av.Call(args(4))
	fmt.Println("closure:", vals(av.Call(args(6))), "total:", total)
	fmt.Println("divmod:", vals(reflect.ValueOf(divmod).Call(args(17, 5))))
	fmt.Println("divmod zero:", vals(reflect.ValueOf(divmod).Call(args(1, 0))))
	fmt.Println("fail ok:", vals(cv.MethodByName("Fail").Call(args(4))))
	fail := vals(cv.MethodByName("Fail").Call(args(-1)))
	fmt.Println("fail err:", fail)
	errRes := reflect.ValueOf(func() error { return &ErrKind{7} }).Call(nil)[0]
	var ek *ErrKind
	fmt.Println("error result:", errRes.Type(), errRes.Elem().Type(), errors.As(errRes.Interface().(error), &ek), ek.Code)
	nilErr := reflect.ValueOf(func() error { return nil }).Call(nil)[0]
	fmt.Println("nil error result:", nilErr.Kind(), nilErr.IsNil(), nilErr.Interface() == nil)
	anyRes := reflect.ValueOf(func(x any) any { return x }).Call(args(3.5))[0]
	fmt.Println("any result:", anyRes.Kind(), anyRes.Elem().Kind(), anyRes)
	nilArg := reflect.ValueOf(func(p *int, s []int) string { return fmt.Sprint(p == nil, s == nil) })
	fmt.Println("zero args:", vals(nilArg.Call([]reflect.Value{reflect.Zero(reflect.TypeOf((*int)(nil))), reflect.Zero(reflect.TypeOf([]int(nil)))})))

	// Variadic.
	sv := reflect.ValueOf(sum)
	fmt.Println("variadic none:", vals(sv.Call(args("s="))))
	fmt.Println("variadic three:", vals(sv.Call(args("s=", 1, 2, 3))))
	fmt.Println("callslice:", vals(sv.CallSlice(args("s=", []int{10, 20}))))
	fmt.Println("callslice nil:", vals(sv.CallSlice(args("s=", []int(nil)))))
	fmt.Println("sprintf:", vals(reflect.ValueOf(fmt.Sprintf).Call(args("%d-%s", 1, "x"))))
	fmt.Println("sprintf callslice:", vals(reflect.ValueOf(fmt.Sprintf).CallSlice(args("%v|%v", []any{true, nil}))))
	fmt.Println("join:", vals(reflect.ValueOf(strings.Join).Call(args([]string{"a", "b", "c"}, "+"))))

	// Assignable arguments: concrete into interface parameter.
	describe := reflect.ValueOf(func(s fmt.Stringer, e error) string {
		return fmt.Sprintf("%T %v", e, e)
	})
	fmt.Println("iface params:", vals(describe.Call([]reflect.Value{reflect.Zero(reflect.TypeOf((*fmt.Stringer)(nil)).Elem()), reflect.ValueOf(&ErrKind{3})})))

	// MakeFunc.
	swapType := reflect.TypeOf(func(int, string) (string, int) { return "", 0 })
	swap := reflect.MakeFunc(swapType, func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[1], in[0]} })
	sf := swap.Interface().(func(int, string) (string, int))
	s1, i1 := sf(9, "nine")
	fmt.Println("makefunc:", s1, i1, vals(swap.Call(args(1, "one"))))

	// Panics propagating through Call.
	safeCall("boom", cv.MethodByName("Boom"), args("value"))
	safeCall("boom func", reflect.ValueOf(Counter.Boom), args(Counter{}, "expr"))
	safeCall("divide", reflect.ValueOf(func(a, b int) int { return a / b }), args(1, 0))
	safeCall("custom error panic", reflect.ValueOf(func() { panic(&ErrKind{99}) }), nil)
	safeCall("nil map write", reflect.ValueOf(func() { var m map[string]int; m["x"] = 1 }), nil)
	func() {
		defer func() {
			r := recover()
			err, isErr := r.(error)
			fmt.Println("runtime error through call:", isErr, err)
		}()
		reflect.ValueOf(func(s []int) int { return s[5] }).Call(args([]int{1}))
	}()

	if c.N != 42 || total != 10 || g.Get() != 80 || s1 != "nine" {
		panic("FAIL: reflect call results")
	}
}
