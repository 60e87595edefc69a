// Tests recovered panics with struct/array/slice/map values, then an unrecovered float panic.
// (An unrecovered composite value would print an address, so those are only recovered here.)
package main

import "fmt"

type Point struct {
	X, Y int
}

func catch(v any) {
	defer func() {
		r := recover()
		fmt.Printf("recovered %T: %v / %+v\n", r, r, r)
	}()
	panic(v)
}

func main() {
	catch(Point{1, 2})
	catch(&Point{3, 4})
	catch([2]int{7, 8})
	catch([]string{"a", "b"})
	catch(map[string]int{"k": 1, "a": 2})
	catch(struct{}{})
	catch(int8(-5))
	catch(uintptr(10))
	catch('x')
	fmt.Println("final unrecovered panic with float64")
	panic(3.25)
}
