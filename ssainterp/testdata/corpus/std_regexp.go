// Tests regexp: MatchString, FindAll, submatches, named groups, ReplaceAllString/Func, Split, errors.
package main

import (
	"fmt"
	"regexp"
	"strings"
)

func main() {
	re := regexp.MustCompile(`(\w+)@(\w+)\.com`)
	text := "contact: alice@example.com, bob@test.com; invalid@nowhere.org"
	fmt.Println(re.MatchString(text), re.String(), re.NumSubexp())
	fmt.Println(re.FindString(text))
	fmt.Println(re.FindStringIndex(text))
	fmt.Println(re.FindAllString(text, -1))
	fmt.Println(re.FindAllString(text, 1))
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		fmt.Printf("%q\n", m)
	}
	fmt.Println(re.FindAllStringSubmatchIndex(text, -1))
	fmt.Println(re.ReplaceAllString(text, "<$2:$1>"))
	fmt.Println(re.ReplaceAllLiteralString(text, "$1"))
	fmt.Println(re.ReplaceAllStringFunc(text, strings.ToUpper))
	named := regexp.MustCompile(`(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})`)
	m := named.FindStringSubmatch("date: 2024-02-29!")
	for i, name := range named.SubexpNames() {
		if name != "" {
			fmt.Printf("%s=%s ", name, m[i])
		}
	}
	fmt.Println(named.SubexpIndex("month"))
	fmt.Println(named.ReplaceAllString("2024-02-29 and 1999-12-31", "${day}/${month}/${year}"))
	tmpl := []byte{}
	for _, sm := range named.FindAllStringSubmatchIndex("x 2000-01-02 y", -1) {
		tmpl = named.ExpandString(tmpl, "$year.$month", "x 2000-01-02 y", sm)
	}
	fmt.Println(string(tmpl))
	split := regexp.MustCompile(`\s*[,;]\s*`)
	fmt.Printf("%q\n", split.Split("a , b;c ;  d", -1))
	fmt.Printf("%q\n", split.Split("a,b,c", 2))
	for _, pat := range []string{`a(b`, `[z-a]`, `*x`, `\p{Bogus}`} {
		_, err := regexp.Compile(pat)
		fmt.Println("compile error:", err)
	}
	ok, err := regexp.MatchString(`^\d+$`, "12345")
	fmt.Println(ok, err)
	caseIns := regexp.MustCompile(`(?i)hello`)
	fmt.Println(caseIns.FindAllString("Hello HELLO hello hElLo", -1))
	multi := regexp.MustCompile(`(?m)^(\w+):`)
	fmt.Println(multi.FindAllStringSubmatch("key1: v\nkey2: w\n  nokey: z", -1))
	greedy := regexp.MustCompile(`<.+>`)
	lazy := regexp.MustCompile(`<.+?>`)
	fmt.Println(greedy.FindString("<a><b>"), lazy.FindAllString("<a><b>", -1))
	fmt.Println(regexp.QuoteMeta("1+1=2? [yes]"))
	u := regexp.MustCompile(`\p{Greek}+`)
	fmt.Println(u.FindAllString("abc αβγ def δ", -1))
	fmt.Println(re.Match([]byte("x@y.com")), string(re.Find([]byte("zz q@w.com"))))
	lit, complete := regexp.MustCompile(`abc+`).LiteralPrefix()
	fmt.Println(lit, complete)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		regexp.MustCompile(`(`)
	}()
	if len(re.FindAllString(text, -1)) != 2 {
		panic("FAIL: regexp")
	}
}
