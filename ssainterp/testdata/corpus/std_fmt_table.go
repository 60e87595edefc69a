// Tests building aligned text tables with fmt width/precision/padding and strings.Repeat.
package main

import (
	"fmt"
	"strings"
)

type row struct {
	name  string
	qty   int
	price float64
	ok    bool
}

func main() {
	rows := []row{{"widget", 3, 2.5, true}, {"gadget with long name", 12, 1234.567, false}, {"x", 0, 0, true}, {"négatif", -5, -0.125, false}}
	header := fmt.Sprintf("|%-22s|%6s|%12s|%-5s|", "Name", "Qty", "Price", "OK")
	fmt.Println(header)
	fmt.Println("|" + strings.Repeat("-", 22) + "|" + strings.Repeat("-", 6) + "|" + strings.Repeat("-", 12) + "|" + strings.Repeat("-", 5) + "|")
	total := 0.0
	for _, r := range rows {
		fmt.Printf("|%-22.22s|%6d|%12.3f|%-5t|\n", r.name, r.qty, r.price, r.ok)
		total += float64(r.qty) * r.price
	}
	fmt.Printf("|%-22s|%6s|%12.2f|%5s|\n", "TOTAL", "", total, "")
	fmt.Printf("%08.3f|%+08d|%x|%X|%#o\n", -3.14159, 42, 3735928559, "hex", 8)
	for i := 1; i <= 5; i++ {
		fmt.Printf("%*s%s\n", 5-i, "", strings.Repeat("* ", i))
	}
	for _, w := range []int{1, 5, 10} {
		fmt.Printf("[%*.*f]\n", w, w/3, 2.0/3)
	}
	fmt.Printf("%-10v|%10v|\n", []int{1, 2}, map[string]int{"a": 1})
	fmt.Printf("%6.2v|%.3v|%10.4v|\n", 3.14159, "abcdef", 12345.678)
}
