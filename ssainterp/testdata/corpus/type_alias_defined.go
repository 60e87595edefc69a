// Tests type aliases vs defined types: identity, conversions, method sets, printing of %T.
package main

import "fmt"

type MyInt int
type AliasInt = int
type Celsius float64
type Temp = Celsius
type IntSlice []int
type AliasSlice = []int
type Point struct{ X, Y int }
type PointAlias = Point
type OtherPoint Point

func (c Celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }
func (p Point) Sum() int         { return p.X + p.Y }
func (s IntSlice) Len() int      { return len(s) }

func takesInt(i int) int { return i * 2 }

func main() {
	var a AliasInt = 5
	fmt.Println(takesInt(a))
	var m MyInt = 5
	fmt.Println(takesInt(int(m)))
	fmt.Printf("%T %T %T %T\n", a, m, Temp(3), AliasSlice{})
	var t Temp = 21.5
	fmt.Println(t, t.String())
	var pa PointAlias = Point{1, 2}
	fmt.Println(pa.Sum())
	op := OtherPoint(pa)
	fmt.Printf("%T %v\n", op, op)
	fmt.Println(Point(op).Sum())
	var s IntSlice = []int{1, 2, 3}
	var as AliasSlice = s
	fmt.Println(s.Len(), len(as))
	var i1 any = a
	_, isInt := i1.(int)
	var i2 any = m
	_, isInt2 := i2.(int)
	fmt.Println("alias is int:", isInt, "defined is int:", isInt2)
	type local = map[string]Point
	lm := local{"p": {3, 4}}
	fmt.Printf("%T %v\n", lm, lm)
	type Inner struct{ V int }
	type Outer struct{ Inner }
	o := Outer{Inner{7}}
	fmt.Printf("%T %+v\n", o, o)
	var r rune = 'x'
	var i32 int32 = r
	var b byte = 'y'
	var u8 uint8 = b
	fmt.Printf("%T %T %v %v\n", r, b, i32, u8)
	if takesInt(a) != 10 {
		panic("FAIL: alias")
	}
}
