// Tests recover: only in directly deferred functions, returns runtime.Error for runtime panics,
// custom error types, recover after recover, panic values of many kinds.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("myerr %d", e.Code) }

func catch(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func helper() any { return recover() }

func indirect() (v any) {
	defer func() {
		v = helper() // not called directly by deferred func: returns nil
		if v == nil {
			v = recover() // direct: recovers
		}
	}()
	panic("indirect")
}

func main() {
	vals := []func(){
		func() { panic("string value") },
		func() { panic(42) },
		func() { panic(3.5) },
		func() { panic(&MyErr{7}) },
		func() { panic(errors.New("plain error")) },
		func() { panic(fmt.Errorf("wrapped: %w", &MyErr{8})) },
		func() { panic([]int{1, 2}) },
		func() { panic(struct{ A, B int }{1, 2}) },
		func() { var a []int; _ = a[3] },
		func() { var m map[string]int; m["x"] = 1 },
		func() { x := 0; _ = 10 / x },
		func() { var p *MyErr; _ = p.Code },
		func() {},
	}
	for i, f := range vals {
		r := catch(f)
		_, isRT := r.(runtime.Error)
		_, isErr := r.(error)
		if isRT {
			// the concrete runtime error types are internal; print only the message
			fmt.Printf("%d: %v runtime=%v error=%v\n", i, r, isRT, isErr)
			continue
		}
		fmt.Printf("%d: %v (%T) runtime=%v error=%v\n", i, r, r, isRT, isErr)
	}
	fmt.Println("indirect:", indirect())
	// errors.As on recovered value
	r := catch(func() { panic(fmt.Errorf("ctx: %w", &MyErr{99})) })
	var me *MyErr
	if err, ok := r.(error); ok && errors.As(err, &me) {
		fmt.Println("As found code", me.Code)
	} else {
		panic("FAIL: errors.As")
	}
	// recover called twice: second returns nil
	func() {
		defer func() {
			r1 := recover()
			r2 := recover()
			fmt.Println("r1:", r1, "r2:", r2)
		}()
		panic("once")
	}()
	// recover when not panicking
	fmt.Println("recover outside panic:", recover())
	// panic in deferred function replaces earlier panic
	r = catch(func() {
		defer func() { panic("second") }()
		panic("first")
	})
	fmt.Println("replaced:", r)
	// execution continues after recovering function returns
	res := func() (n int) {
		defer func() {
			recover()
			n = -1
		}()
		n = 10
		var arr []int
		return arr[n]
	}()
	fmt.Println("result after recover:", res)
	// runtime.Error interface method
	r = catch(func() { var s []int; _ = s[5] })
	if re, ok := r.(runtime.Error); ok {
		fmt.Println("runtime error string:", re.Error())
	}
}
