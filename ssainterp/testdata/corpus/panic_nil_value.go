// Tests panic(nil): since Go 1.21 recover returns a *runtime.PanicNilError.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

func main() {
	r := func() (r any) {
		defer func() { r = recover() }()
		panic(nil)
	}()
	fmt.Println("recovered non-nil:", r != nil)
	fmt.Printf("%T\n", r)
	fmt.Println(r)
	pe, ok := r.(*runtime.PanicNilError)
	fmt.Println("is PanicNilError:", ok, pe.Error())
	_, isRT := r.(runtime.Error)
	fmt.Println("is runtime.Error:", isRT)
	var target *runtime.PanicNilError
	fmt.Println("errors.As:", errors.As(r.(error), &target))
	var e error
	r2 := func() (r any) {
		defer func() { r = recover() }()
		panic(e) // nil interface value of type error
	}()
	fmt.Println("nil error panic:", r2)
	fmt.Println("now an unrecovered panic(nil):")
	panic(nil)
}
