// Tests const declarations, iota patterns, typed/untyped constants and constant arithmetic.
package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

func (d Weekday) String() string {
	return [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}[d]
}

type ByteSize float64

const (
	_           = iota
	KB ByteSize = 1 << (10 * iota)
	MB
	GB
)

const (
	A, B = iota, iota * 10
	C, D
	_, _
	E, F
)

type Flags uint8

const (
	FlagA Flags = 1 << iota
	FlagB
	FlagC
	FlagD
)

const (
	x0 = "s"
	x1
	x2 = iota
	x3
)

const huge = 1 << 100
const ratio = huge >> 98
const pi = 3.14159265358979323846264338327950288419716939937510582097494459
const typedF float32 = pi

func main() {
	for d := Sunday; d <= Saturday; d++ {
		fmt.Print(d, " ")
	}
	fmt.Println()
	fmt.Printf("%d %v %T\n", Friday, Friday, Friday)
	fmt.Println("KB MB GB:", KB, MB, GB)
	fmt.Println("A B C D E F:", A, B, C, D, E, F)
	fmt.Println("flags:", FlagA, FlagB, FlagC, FlagD, FlagA|FlagC)
	fmt.Println("x0..x3:", x0, x1, x2, x3)
	fmt.Println("ratio:", ratio)
	fmt.Println("pi float64:", pi, "float32:", typedF)
	fmt.Println("pi*2 const:", pi*2)
	const c = 'a' + 1
	fmt.Printf("rune const: %c %T\n", c, c)
	const s = "hello" + ", " + "world"
	fmt.Println(s, len(s))
	const d = 7 / 2.0
	fmt.Println("7/2.0:", d, "7/2:", 7/2)
	var f float64 = 1 << 3
	fmt.Println("float from shift const:", f)
	const m = -5 % 3
	fmt.Println("-5%3 const:", m)
	if Saturday != 6 || FlagD != 8 || E != 3 || F != 30 {
		panic("FAIL: iota")
	}
	const bigdiff = huge - (huge - 1)
	fmt.Println("big constant diff:", bigdiff)
	type Color int
	const (
		Red Color = iota + 1
		Green
		Blue = Color(iota * 100)
	)
	fmt.Println("colors:", Red, Green, Blue)
}
