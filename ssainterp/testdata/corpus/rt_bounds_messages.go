// Tests recovered index and slice bounds error messages in all their forms.
package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		re, ok := r.(runtime.Error)
		if !ok {
			panic(fmt.Sprint("FAIL: expected runtime.Error for ", name, ", got ", r))
		}
		fmt.Printf("%-22s %s\n", name+":", re.Error())
	}()
	f()
}

func main() {
	s := make([]int, 3, 5)
	arr := [4]int{}
	str := "hello"
	n := -1
	big := 10
	two, one, six, four := 2, 1, 6, 4
	try("slice index", func() { _ = s[big] })
	try("slice index neg", func() { _ = s[n] })
	try("slice index len", func() { _ = s[len(s)] })
	try("array index", func() { _ = arr[big] })
	try("string index", func() { _ = str[big] })
	try("string index neg", func() { _ = str[n] })
	try("ptr array index", func() { p := &arr; _ = p[big] })
	try("slice [:h] > cap", func() { _ = s[:six] })
	try("slice [l:] > len", func() { _ = s[four:] })
	try("slice [l:h] l>h", func() { _ = s[two:one] })
	try("slice [l:h] neg", func() { _ = s[n:] })
	try("slice [::m] > cap", func() { _ = s[0:1:six] })
	try("slice [:h:m] h>m", func() { _ = s[0:four:two] })
	try("slice [l:h:m] l>h", func() { _ = s[two:one:four] })
	try("string [:h] > len", func() { _ = str[:big] })
	try("string [l:h] l>h", func() { _ = str[four:two] })
	try("string [l:]", func() { _ = str[six:] })
	try("array [:h]", func() { _ = arr[:six] })
	try("array [l:h] l>h", func() { _ = arr[two:one] })
	try("nil slice index", func() { var ns []string; _ = ns[0] })
	try("2d index", func() { g := [][]int{{1}, {2, 3}}; _ = g[1][two] })
	try("write index", func() { s[big] = 1 })
	try("map slice index", func() { m := map[string][]int{}; _ = m["x"][0] })
	try("uint index", func() { var u uint = 1 << 40; _ = s[u] })
	try("int64 index", func() { var i int64 = -5; _ = s[i] })
	// reslicing up to capacity is allowed
	fmt.Println("reslice to cap:", len(s[:cap(s)]), len(s[2:5]), len(str[5:]))
}
