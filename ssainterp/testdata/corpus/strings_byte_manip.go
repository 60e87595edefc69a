// Tests byte-level string manipulation: caesar cipher, palindromes, anagrams, run-length encoding, word counts.
package main

import (
	"fmt"
	"sort"
	"strings"
)

func caesar(s string, k int) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + byte((int(c-'a')+k+26)%26)
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + byte((int(c-'A')+k+26)%26)
		}
	}
	return string(b)
}

func isPalindrome(s string) bool {
	var rs []rune
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			rs = append(rs, r)
		}
	}
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		if rs[i] != rs[j] {
			return false
		}
	}
	return true
}

func sortedKey(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

func rle(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		fmt.Fprintf(&sb, "%d%c", j-i, s[i])
		i = j
	}
	return sb.String()
}

func main() {
	enc := caesar("Hello, World! xyz", 3)
	fmt.Println(enc, "|", caesar(enc, -3))
	for _, s := range []string{"A man, a plan, a canal: Panama", "race a car", "", "No 'x' in Nixon", "12321"} {
		fmt.Printf("%q palindrome=%v\n", s, isPalindrome(s))
	}
	words := strings.Fields("listen silent enlist google elgoog inlets banana tinsel")
	groups := map[string][]string{}
	for _, w := range words {
		k := sortedKey(w)
		groups[k] = append(groups[k], w)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, groups[k])
	}
	for _, s := range []string{"aaabccddddd", "abc", "", "zzzzzzzzzzzz"} {
		fmt.Printf("rle(%q) = %q\n", s, rle(s))
	}
	text := "the cat and the hat and the bat"
	freq := map[string]int{}
	for _, w := range strings.Fields(text) {
		freq[w]++
	}
	type wc struct {
		w string
		c int
	}
	var wcs []wc
	for w, c := range freq {
		wcs = append(wcs, wc{w, c})
	}
	sort.Slice(wcs, func(i, j int) bool {
		if wcs[i].c != wcs[j].c {
			return wcs[i].c > wcs[j].c
		}
		return wcs[i].w < wcs[j].w
	})
	fmt.Println(wcs)
	var vowels, consonants int
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case 'a', 'e', 'i', 'o', 'u':
			vowels++
		case ' ':
		default:
			consonants++
		}
	}
	fmt.Println("vowels:", vowels, "consonants:", consonants)
	if !isPalindrome("A man, a plan, a canal: Panama") || rle("aaabccddddd") != "3a1b2c5d" {
		panic("FAIL: string manip")
	}
}
