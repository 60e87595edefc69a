// Tests classifying runes of a multilingual string into unicode categories and scripts, with case folding.
package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

func main() {
	text := "Hello, Wörld! Привет мир. 你好世界 123 ٤٥ ½ ⅔ αβγ ΑΒΓ 🙂\t\u00a0end"
	cats := map[string]*unicode.RangeTable{
		"Lu": unicode.Lu, "Ll": unicode.Ll, "Lo": unicode.Lo, "Nd": unicode.Nd, "No": unicode.No,
		"Po": unicode.Po, "Zs": unicode.Zs, "Cc": unicode.Cc, "So": unicode.So,
	}
	counts := map[string]int{}
	for _, r := range text {
		for name, tab := range cats {
			if unicode.Is(tab, r) {
				counts[name]++
			}
		}
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%s=%d ", n, counts[n])
	}
	fmt.Println()
	scripts := []struct {
		name string
		tab  *unicode.RangeTable
	}{{"Latin", unicode.Latin}, {"Cyrillic", unicode.Cyrillic}, {"Han", unicode.Han}, {"Greek", unicode.Greek}, {"Arabic", unicode.Arabic}}
	for _, s := range scripts {
		n := 0
		for _, r := range text {
			if unicode.Is(s.tab, r) {
				n++
			}
		}
		fmt.Println(s.name, n)
	}
	fmt.Println(strings.ToUpper(text))
	fmt.Println(strings.ToLower(text))
	fmt.Println(strings.EqualFold("ΑΒΓ", "αβγ"), strings.EqualFold("Straße", "STRASSE"))
	for _, r := range []rune{'k', 'K', '\u212A', 'ß', 'ſ', 's'} {
		fmt.Printf("%U folds:", r)
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			fmt.Printf(" %U", f)
		}
		fmt.Println()
	}
	fmt.Println(unicode.IsGraphic('🙂'), unicode.IsPrint('\u00a0'), unicode.IsGraphic('\u00a0'), unicode.IsControl('\t'), unicode.IsMark('\u0301'), unicode.IsSymbol('½'))
}
