// Tests strings package: Split, Fields, Join, Replace, NewReplacer, Map, Index*, Repeat, Trim*, EqualFold, Cut, etc.
package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	s := "  The quick  brown fox, the lazy dog  "
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q\n", strings.Fields(s))
	fmt.Printf("%q\n", strings.FieldsFunc("a1b22c333", unicode.IsDigit))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "--"))
	fmt.Println(strings.Replace("oink oink oink", "k", "ky", 2), strings.ReplaceAll("oink oink", "oink", "moo"))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href=\"x&y\">"))
	rot13 := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}
	fmt.Println(strings.Map(rot13, "Hello, World!"))
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s))
	fmt.Println(strings.Index(s, "fox"), strings.Index(s, "cat"), strings.LastIndex(s, "the"), strings.IndexByte(s, 'q'), strings.IndexRune("chicken", 'k'), strings.IndexAny("golang", "ny"), strings.IndexFunc("abc1", unicode.IsDigit))
	fmt.Println(strings.Contains(s, "lazy"), strings.ContainsAny(s, "xyz"), strings.ContainsRune(s, 'Q'), strings.HasPrefix("golang", "go"), strings.HasSuffix("golang", "ng"), strings.Count("cheese", "e"), strings.Count("five", ""))
	fmt.Println(strings.Repeat("ab", 3), strings.ToUpper("hello ß"), strings.ToLower("HELLO"), strings.Title("x") == "X")
	fmt.Printf("%q %q %q\n", strings.TrimSpace(s), strings.Trim("xxhixx", "x"), strings.TrimLeft("aabcaa", "a"))
	fmt.Printf("%q %q %q\n", strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("a.go", ".go"), strings.TrimRight("abc...", "."))
	vowels := "aeiou"
	fmt.Printf("%q\n", strings.TrimFunc("aeHELLOiou", func(r rune) bool { return strings.ContainsRune(vowels, r) }))
	fmt.Println(strings.EqualFold("Go", "GO"), strings.EqualFold("σ", "Σ"), strings.Compare("a", "b"), strings.Compare("b", "a"), strings.Compare("x", "x"))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	before, after, found = strings.Cut("novalue", "=")
	fmt.Printf("%q %q %v\n", before, after, found)
	rest, ok := strings.CutPrefix("v1.2.3", "v")
	fmt.Println(rest, ok)
	rest, ok = strings.CutSuffix("file.txt", ".md")
	fmt.Println(rest, ok)
	fmt.Println(strings.LastIndexByte("a/b/c", '/'), strings.ContainsFunc("abc", unicode.IsUpper))
	fmt.Println(strings.ToTitle("loud"), strings.Clone("clone"))
	if strings.Join(strings.Fields(s), " ") != "The quick brown fox, the lazy dog" {
		panic("FAIL: Fields/Join")
	}
}
