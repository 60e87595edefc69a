// Tests the empty interface holding every kind of value: %T/%v printing, equality, nil-ness, type switches.
package main

import "fmt"

type Celsius float64
type Pair struct{ A, B int }
type Fn func(int) int

func main() {
	x := 5
	ch := make(chan string, 1)
	vals := []any{
		nil, true, 42, int8(-8), uint64(1 << 63), uintptr(7), 3.5, float32(1.25), complex(1, -1), "str", 'r', byte(200),
		[]int{1, 2}, [2]string{"a", "b"}, map[string]int{"k": 1}, Pair{1, 2}, &Pair{3, 4}, Celsius(36.6),
		struct{ X int }{9}, (chan string)(nil), Fn(nil), []any{1, "two", nil}, &x != nil, [0]int{}, struct{}{}, error(nil),
	}
	for i, v := range vals {
		fmt.Printf("%2d %-22T %v\n", i, v, v)
	}
	fmt.Println("nil any == nil:", vals[0] == nil, "Fn(nil) in any == nil:", vals[20] == nil, "error(nil) in any == nil:", vals[25] == nil)
	var a, b any = Pair{1, 2}, Pair{1, 2}
	fmt.Println("struct equal:", a == b)
	a, b = Celsius(1), 1.0
	fmt.Println("Celsius vs float64:", a == b)
	a, b = &x, &x
	fmt.Println("same pointer:", a == b)
	a, b = ch, ch
	fmt.Println("same channel:", a == b)
	a = [2]string{"a", "b"}
	fmt.Println("array equal:", a == vals[13])
	count := map[string]int{}
	for _, v := range vals {
		switch v.(type) {
		case nil:
			count["nil"]++
		case int, int8, uint64, uintptr, byte, rune:
			count["integer"]++
		case float32, float64, Celsius:
			count["float"]++
		case string:
			count["string"]++
		default:
			count["other"]++
		}
	}
	fmt.Println(count)
	var iface any = vals
	fmt.Println(len(iface.([]any)))
	if count["integer"] != 6 {
		panic("FAIL: kinds")
	}
}
