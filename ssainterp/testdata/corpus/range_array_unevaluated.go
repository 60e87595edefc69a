// "for i := range x" over an array does not evaluate x when len(x) is
// constant (no call, no receive in x): a nil pointer or an index out of
// range inside x does not panic. "_ = p.arr", which go/ssa compiles to
// the same load, and a range expression with a call do panic.
package main

import "fmt"

type seg struct {
	a, b int
	buf  [4]byte
}

type inner struct {
	segs [3]seg
}

type cache struct {
	name  string
	segs  [8]seg
	in    *inner
	grids [2][5]int
}

func count(c *cache) (n int) {
	for i := range c.segs {
		n += i
	}
	return
}

func nested(c *cache) (n int) {
	for i := range c.in.segs {
		n += 10 * i
	}
	return
}

func indexed(c *cache, k int) (n int) {
	for i := range c.grids[k] {
		n += i
	}
	return
}

func deref(p *[3]int) (n int) {
	for range *p {
		n++
	}
	return
}

func get(c *cache) *cache { return c }

func try(name string, f func() int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panicked:", r)
		}
	}()
	fmt.Println(name, f())
}

func main() {
	c := &cache{in: &inner{}}
	for i := range c.segs {
		c.segs[i].a = i
	}
	var nilc *cache
	try("count", func() int { return count(c) })
	try("count nil", func() int { return count(nilc) })
	try("nested", func() int { return nested(c) })
	try("nested nil", func() int { return nested(nilc) })
	try("nested nil inner", func() int { return nested(&cache{}) })
	try("indexed", func() int { return indexed(c, 1) })
	try("indexed out of range", func() int { return indexed(c, 7) })
	try("deref nil", func() int { return deref(nil) })
	try("blank", func() int {
		_ = nilc.segs
		return 0
	})
	try("call", func() int {
		n := 0
		for i := range get(nilc).segs {
			n += i
		}
		return n
	})
	try("key and value", func() int {
		n := 0
		for i, s := range nilc.segs {
			n += i + s.a
		}
		return n
	})
}
