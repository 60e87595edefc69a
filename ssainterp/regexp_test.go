package ssainterp

import (
	"bytes"
	"testing"
)

// TestRegexpsShared: the Regexps of regexp.MustCompile calls are made by
// the first execution of a program and given to the same calls of the
// later ones, which print what go run prints (two calls at one site
// still give two Regexps, a bad pattern still panics); a program that
// names Longest compiles them anew in every execution.
func TestRegexpsShared(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		kept            int
	}{
		{"shared", `package main

import (
	"fmt"
	"regexp"
)

var re = regexp.MustCompile(` + "`a+b`" + `)

func main() {
	var got []*regexp.Regexp
	for range 2 {
		got = append(got, regexp.MustCompile(` + "`x(y*)`" + `))
	}
	fmt.Println(got[0] != got[1], got[0].FindStringSubmatch("xyy"), re.MatchString("caab"), re.String())
	fmt.Println(regexp.MustCompilePOSIX(` + "`a|ab`" + `).FindString("ab"))
	defer func() { fmt.Println("recovered:", recover()) }()
	regexp.MustCompile(` + "`(`" + `)
}
`, "true [xyy yy] true a+b\nab\nrecovered: regexp: Compile(`(`): error parsing regexp: missing closing ): `(`\n", 4},
		{"longest", `package main

import (
	"fmt"
	"regexp"
)

var re = regexp.MustCompile(` + "`a|ab`" + `)

func main() {
	fmt.Println(re.FindString("ab"))
	re.Longest()
	fmt.Println(re.FindString("ab"))
}
`, "a\nab\n", 0},
	} {
		prog, err := loadSrc(t, c.src)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			var out bytes.Buffer
			if res := prog.Run("m", Config{Stdout: &out}); res.Fault != nil || out.String() != c.want {
				t.Errorf("%s, execution %d: fault %v, output %q, want %q", c.name, i, res.Fault, out.String(), c.want)
			}
		}
		kept := 0
		prog.regexps.Range(func(any, any) bool { kept++; return true })
		if kept != c.kept || int(prog.regexpCount.Load()) != c.kept {
			t.Errorf("%s: %d Regexps kept (%d counted), want %d", c.name, kept, prog.regexpCount.Load(), c.kept)
		}
	}
}

func TestNamesLongest(t *testing.T) {
	for src, want := range map[string]bool{
		"re.Longest()":                   true,
		"f := re.Longest":                true,
		"(*regexp.Regexp).Longest":       true,
		`m := v.MethodByName("Longest")`: true,
		"// see re.Longest.":             true,
		"func findLongestMatch() {}":     false,
		"m.findLongestMatch(a, b)":       false,
		"x.LongestMatch()":               false,
		"Longest":                        false,
		"":                               false,
	} {
		if got := namesLongest([]byte(src)); got != want {
			t.Errorf("namesLongest(%q) = %v, want %v", src, got, want)
		}
	}
}
