// Pointers into a struct keep seeing it when reflection or encoding/json
// stores the whole struct or one of its struct fields.
package main

import (
	"encoding/json"
	"fmt"
	"reflect"
)

type Inner struct{ A, B int }
type T struct {
	X  int
	In Inner
}

func main() {
	var s T
	p := &s.In.A
	reflect.ValueOf(&s).Elem().Set(reflect.ValueOf(T{X: 1, In: Inner{A: 2, B: 3}}))
	fmt.Println(*p, s)
	reflect.ValueOf(&s).Elem().Field(1).Set(reflect.ValueOf(Inner{A: 7}))
	fmt.Println(*p, s)
	_ = json.Unmarshal([]byte(`{"X":5,"In":{"A":9,"B":8}}`), &s)
	fmt.Println(*p, s)
	v := T{In: Inner{A: 1}}
	reflect.ValueOf(&s).Elem().Set(reflect.ValueOf(v))
	v.In.A = 100
	fmt.Println(*p, s)
}
