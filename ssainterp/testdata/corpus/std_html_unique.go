// Tests html.EscapeString/UnescapeString and unique.Make handle interning and comparison.
package main

import (
	"fmt"
	"html"
	"strings"
	"unique"
)

type key struct {
	a string
	b int
}

func main() {
	for _, s := range []string{`<script>alert("x")</script>`, "Tom & Jerry's", "plain", "&amp; already"} {
		e := html.EscapeString(s)
		fmt.Println(e, "|", html.UnescapeString(e) == s)
	}
	fmt.Println(html.UnescapeString("&lt;&gt;&amp;&quot;&#39;&eacute;&#x263A;&copy;&notanentity;"))
	h1 := unique.Make("hello")
	h2 := unique.Make(strings.Repeat("hel", 1) + "lo")
	h3 := unique.Make("world")
	fmt.Println(h1 == h2, h1 == h3, h1.Value(), h3.Value())
	k1 := unique.Make(key{"x", 1})
	k2 := unique.Make(key{"x", 1})
	k3 := unique.Make(key{"x", 2})
	fmt.Println(k1 == k2, k1 == k3, k1.Value().b, k3.Value())
	seen := map[unique.Handle[string]]int{}
	for _, w := range strings.Fields("a b a c b a") {
		seen[unique.Make(w)]++
	}
	fmt.Println(len(seen), seen[unique.Make("a")], seen[unique.Make("c")])
	if h1 != h2 {
		panic("FAIL: unique")
	}
}
