// Tests string indexing, slicing, concatenation, comparison and len of multibyte strings.
package main

import "fmt"

func main() {
	s := "héllo, 世界!"
	fmt.Println("len:", len(s))
	for i := 0; i < len(s); i++ {
		fmt.Printf("%d:%d ", i, s[i])
	}
	fmt.Println()
	fmt.Println("s[1:3]:", []byte(s[1:3]), "s[8:11]:", s[8:11])
	fmt.Println("s[:0]:", s[:0] == "", "s[len(s):]:", s[len(s):] == "")
	t := s[0:1] + s[3:]
	fmt.Println("concat:", t)
	var b string
	for i := range 5 {
		b += string(rune('a' + i))
	}
	fmt.Println("built:", b)
	words := []string{"apple", "Apple", "banana", "app", "", "apple\x00", "äpple"}
	for _, x := range words {
		for _, y := range words {
			if x < y {
				fmt.Printf("%q<%q ", x, y)
			}
		}
		fmt.Println()
	}
	fmt.Println("equal:", "abc" == "ab"+"c", "abc" != "abd", "abc" >= "abc", "b" > "abc")
	// strings are immutable: modifying a byte copy
	bs := []byte(s)
	bs[0] = 'H'
	fmt.Println("orig:", s, "copy:", string(bs))
	// compare with substring sharing
	u := s[7:]
	fmt.Println("u:", u, len(u))
	if len("世") != 3 {
		panic("FAIL: len multibyte")
	}
	// multi-line raw strings
	raw := `a\nb
c`
	fmt.Println("raw len:", len(raw), "raw:", raw)
	fmt.Printf("%q\n", raw)
	// string comparison in a loop of prefixes
	p := "prefix"
	for i := range len(p) + 1 {
		fmt.Print(p[:i] < p, " ")
	}
	fmt.Println()
	esc := "tab\there\u00e9\U0001F600\xff"
	fmt.Println("escape len:", len(esc))
	fmt.Printf("%q %+q %x\n", esc, esc, esc)
}
