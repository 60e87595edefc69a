// Tests type switches: multiple types per case, nil case, interface cases, bound variable types.
package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }
type Circ struct{ R float64 }

func (s Sq) Area() float64 { return s.S * s.S }
func (c *Circ) Area() float64 {
	if c == nil {
		return -1
	}
	return 3 * c.R * c.R
}

type MyErr struct{}

func (MyErr) Error() string { return "myerr" }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %T %v", x, x)
	case string:
		return "string len " + fmt.Sprint(len(x))
	case []int:
		return fmt.Sprintf("slice of %d ints", len(x))
	case error:
		return "error: " + x.Error()
	case Shape:
		return fmt.Sprintf("shape %T area %.1f", x, x.Area())
	case func() int:
		return fmt.Sprint("func returning ", x())
	case map[string]int:
		return fmt.Sprint("map len ", len(x))
	case bool, float64:
		return fmt.Sprintf("bool-or-float %v", x)
	case *int:
		return fmt.Sprint("ptr to ", *x)
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	n := 9
	var nilShape *Circ
	vals := []any{nil, 1, int64(2), "hey", []int{1, 2}, MyErr{}, errors.New("std"), Sq{2}, &Circ{1}, Circ{1},
		func() int { return 5 }, map[string]int{"a": 1}, true, 2.5, &n, 'r', byte(1), nilShape, struct{}{}}
	for _, v := range vals {
		fmt.Println(describe(v))
	}
	// type switch without binding
	count := 0
	for _, v := range vals {
		switch v.(type) {
		case int, int64, int32, uint8:
			count++
		}
	}
	fmt.Println("integers:", count)
	if count != 4 {
		panic("FAIL: type switch count")
	}
	// type switch on a non-empty interface
	shapes := []Shape{Sq{1}, &Circ{2}, nil}
	for _, s := range shapes {
		switch s := s.(type) {
		case Sq:
			fmt.Println("square side", s.S)
		case *Circ:
			fmt.Println("circle radius", s.R)
		case nil:
			fmt.Println("nil shape")
		}
	}
	// type switch on error with named type and fallback
	var err error = fmt.Errorf("wrapped: %w", MyErr{})
	switch err.(type) {
	case MyErr:
		fmt.Println("direct MyErr")
	default:
		fmt.Println("not directly MyErr:", err)
	}
}
