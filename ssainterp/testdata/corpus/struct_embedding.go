// Tests struct embedding, promoted fields and methods, shadowing of promoted names, embedded pointers.
package main

import "fmt"

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("Base(%d,%s)", b.ID, b.Name) }
func (b *Base) Rename(n string) { b.Name = n }
func (b Base) Kind() string     { return "base" }

type Mid struct {
	Base
	Level int
}

func (m Mid) Kind() string { return "mid" }

type Top struct {
	*Mid
	Name string // shadows Base.Name
}

type Logger struct{ prefix string }

func (l *Logger) Log(s string) string { return l.prefix + s }

type Service struct {
	Logger
	Base
}

func main() {
	m := Mid{Base: Base{1, "m"}, Level: 2}
	fmt.Println(m.ID, m.Name, m.Level, m.Describe(), m.Kind(), m.Base.Kind())
	m.Rename("renamed")
	fmt.Println("after rename:", m.Name, m.Base.Name)
	t := Top{Mid: &m, Name: "top"}
	fmt.Println(t.Name, t.Mid.Name, t.ID, t.Kind(), t.Describe())
	t.Rename("via top")
	fmt.Println("m.Name after t.Rename:", m.Name)
	t.Level = 10
	fmt.Println("m.Level:", m.Level)
	s := Service{Logger{"[svc] "}, Base{7, "svc"}}
	fmt.Println(s.Log("hello"), s.Describe())
	fmt.Printf("%+v\n", m)
	fmt.Printf("%v\n", s)
	// promoted method through pointer of embedding struct
	ps := &s
	ps.Rename("ptr")
	fmt.Println(ps.Name, s.Base.Name)
	if s.Name != "ptr" {
		panic("FAIL: promoted pointer method")
	}
	// interface satisfaction via promoted methods
	type Describer interface{ Describe() string }
	var d Describer = m
	fmt.Println("iface:", d.Describe())
	d = t
	fmt.Println("iface via *Mid:", d.Describe())
	// embedding copy semantics
	m2 := m
	m2.ID = 999
	fmt.Println("copy:", m.ID, m2.ID)
	// anonymous embedded struct literal
	type Wrapper struct {
		Base
		Extra []string
	}
	w := Wrapper{Base{3, "w"}, []string{"x"}}
	fmt.Printf("%+v\n", w)
}
