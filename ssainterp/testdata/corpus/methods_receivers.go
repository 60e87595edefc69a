// Tests pointer vs value receivers, method values (bound) and method expressions.
package main

import "fmt"

type Counter struct {
	n    int
	name string
}

func (c Counter) Get() int       { return c.n }
func (c *Counter) Inc()          { c.n++ }
func (c *Counter) Add(k int) int { c.n += k; return c.n }
func (c Counter) WithName(s string) Counter {
	c.name = s
	return c
}

type MyInt int

func (m MyInt) Double() MyInt { return m * 2 }
func (m *MyInt) Set(v int)    { *m = MyInt(v) }

func main() {
	c := Counter{name: "c"}
	c.Inc()
	c.Inc()
	fmt.Println("after 2 Inc:", c.Get())
	get := c.Get // bound with copy of c now
	inc := c.Inc // bound to &c
	inc()
	inc()
	fmt.Println("bound value method sees old:", get(), "actual:", c.Get())
	add := c.Add
	fmt.Println("add:", add(10), c.n)
	// method expressions
	fget := Counter.Get
	finc := (*Counter).Inc
	fadd := (*Counter).Add
	fgetp := (*Counter).Get
	finc(&c)
	fmt.Println("method exprs:", fget(c), fadd(&c, 5), fgetp(&c))
	c2 := c.WithName("c2")
	fmt.Println("value receiver returns modified copy:", c.name, c2.name)
	// pointer receiver through addressable value in slice
	cs := []Counter{{}, {}, {}}
	for i := range cs {
		cs[i].Add(i * 10)
	}
	fmt.Println(cs[0].n, cs[1].n, cs[2].n)
	// in map (needs pointer)
	mp := map[string]*Counter{"a": {}, "b": {}}
	mp["a"].Inc()
	mp["b"].Add(7)
	fmt.Println(mp["a"].n, mp["b"].n)
	var m MyInt = 21
	fmt.Println("double:", m.Double(), MyInt.Double(4))
	m.Set(5)
	fmt.Println("set:", m)
	d := m.Double
	m = 100
	fmt.Println("bound value captured earlier:", d())
	// method value from interface
	type Getter interface{ Get() int }
	var g Getter = &c
	gm := g.Get
	c.n = 1234
	fmt.Println("iface method value on pointer sees update:", gm())
	var g2 Getter = c
	gm2 := g2.Get
	c.n = 1
	fmt.Println("iface holding value:", gm2())
	// method expression with interface type
	ig := Getter.Get
	fmt.Println("interface method expr:", ig(Counter{n: 77}))
	funcs := []func() int{Counter{n: 1}.Get, Counter{n: 2}.Get}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	if c.Get() != 1 {
		panic("FAIL: receiver")
	}
}
