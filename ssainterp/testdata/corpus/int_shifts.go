// Tests shifts: large counts, signed right shift, shifting negatives, various types.
package main

import "fmt"

func main() {
	var one int64 = 1
	for _, s := range []uint{0, 1, 31, 32, 62, 63, 64, 65, 100, 1000} {
		fmt.Printf("1<<%d = %d\n", s, one<<s)
	}
	var neg int32 = -16
	for _, s := range []uint{0, 1, 2, 4, 5, 31, 32, 40} {
		fmt.Printf("-16>>%d = %d, -16<<%d = %d\n", s, neg>>s, s, neg<<s)
	}
	var u uint8 = 0xF0
	for _, s := range []uint{1, 4, 7, 8, 9} {
		fmt.Printf("uint8 0xF0>>%d = %d, <<%d = %d\n", s, u>>s, s, u<<s)
	}
	var i8 int8 = -128
	s7, s8, s200, s64, s40 := uint(7), uint(8), uint(200), uint(64), uint(40)
	fmt.Println("int8 -128>>7:", i8>>s7, " >>8:", i8>>s8, " >>200:", i8>>s200)
	var i8p int8 = 64
	fmt.Println("int8 64<<1:", i8p<<1, " 64<<2:", i8p<<2)
	var u64 uint64 = 1<<64 - 1
	fmt.Println("uint64 max>>63:", u64>>63, " >>64:", u64>>s64)
	var u16 uint16 = 0x8001
	fmt.Println("uint16 rotate-ish:", u16<<1|u16>>15)

	// shift counts of signed type (allowed since Go 1.13, must be non-negative)
	var cnt int = 3
	fmt.Println("5<<cnt:", 5<<cnt, " -40>>cnt:", -40>>cnt)
	var cnt8 int8 = 70
	var x int64 = -1
	fmt.Println("-1<<int8(70):", x<<cnt8, " -1>>int8(70):", x>>cnt8)

	// uintptr shift
	var p uintptr = 1
	fmt.Println("uintptr 1<<10:", p<<10)

	// constant shifts
	const big = 1 << 100
	fmt.Println("const big>>98:", big>>98)
	if one<<s64 != 0 {
		panic("FAIL: shift by 64 should be 0")
	}
	if neg>>s40 != -1 {
		panic("FAIL: signed shift right by large count")
	}
	// shifting by a uint64 variable
	var sc uint64 = 1 << 40
	fmt.Println("7 << (1<<40):", int32(7)<<sc, " -7 >> (1<<40):", int32(-7)>>sc)
}
