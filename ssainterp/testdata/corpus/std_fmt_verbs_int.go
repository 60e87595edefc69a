// Tests fmt integer verbs %d %b %o %O %x %X %c %q %U with widths, flags and signs.
package main

import "fmt"

func main() {
	ints := []int{0, 7, -7, 255, -255, 65535, 1 << 40}
	for _, v := range ints {
		fmt.Printf("|%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%o|%#o|%O|%b|\n", v, v, v, v, v, v, v, v, v, v, v, v, v)
	}
	var u8 uint8 = 200
	var i8 int8 = -100
	var u64 uint64 = 18446744073709551615
	fmt.Printf("%d %d %d %x %x\n", u8, i8, u64, u64, i8)
	fmt.Printf("%08b %#b %x\n", u8, u8, -1)
	for _, r := range []rune{'A', 'é', '世', 0x1F600, 0} {
		fmt.Printf("%c %q %U %#U %d %x\n", r, r, r, r, r, r)
	}
	fmt.Printf("%6.3d|%-8.4x|%+.2d\n", 7, 255, 3)
	fmt.Printf("%*d|%-*d|\n", 6, 42, 6, 42)
	fmt.Printf("%v %v\n", int16(-32768), uint32(4294967295))
	fmt.Printf("%x % x %#x\n", []int{10, 255}, []byte{1, 171}, []byte{1, 171})
	fmt.Printf("%d\n", []int8{-1, 2})
	fmt.Printf("%5t|%-6t|\n", true, false)
	// deliberately malformed formats, kept in variables so vet does not reject them
	bad1, bad2, bad3 := "%!|%z|%d\n", "%d %d\n", "extra %d\n"
	fmt.Printf(bad1, 1, 2)
	fmt.Printf(bad2, 1)
	fmt.Printf(bad3, 1, 2)
	fmt.Println()
	fmt.Printf("%[2]d %[1]d %d\n", 10, 20)
	fmt.Printf("%.0d|%.0d|\n", 0, 1)
	fmt.Printf("%x %X\n", "hi", "hi")
	fmt.Printf("%c|%5c|%-5c|\n", 'x', 'y', 'z')
	fmt.Printf("%q %+q %#q\n", 'a', '☺', '\n')
	type MyInt int
	fmt.Printf("%v %d %T\n", MyInt(5), MyInt(5), MyInt(5))
	s := fmt.Sprintf("%d-%d", 1, 2)
	if s != "1-2" {
		panic("FAIL: Sprintf")
	}
}
