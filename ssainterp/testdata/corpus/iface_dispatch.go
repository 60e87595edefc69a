// Tests interface dynamic dispatch, value vs pointer in interfaces, nil interface vs typed nil.
package main

import "fmt"

type Animal interface {
	Sound() string
	Name() string
}

type Dog struct{ name string }
type Cat struct{ name string }

func (d Dog) Sound() string  { return "woof" }
func (d Dog) Name() string   { return d.name }
func (c *Cat) Sound() string { return "meow" }
func (c *Cat) Name() string {
	if c == nil {
		return "<nil cat>"
	}
	return c.name
}

type Walker interface{ Walk() string }

func (d Dog) Walk() string { return d.name + " walks" }

func getAnimal(nilPtr bool) Animal {
	var c *Cat
	if nilPtr {
		return c // typed nil: interface is non-nil
	}
	return nil
}

func main() {
	animals := []Animal{Dog{"rex"}, &Cat{"tom"}, &Dog{"ptrdog"}}
	for _, a := range animals {
		fmt.Printf("%s says %s (%T)\n", a.Name(), a.Sound(), a)
	}
	// value stored in interface is a copy
	d := Dog{"orig"}
	var a Animal = d
	d.name = "changed"
	fmt.Println("iface copy:", a.Name(), d.name)
	c := &Cat{"kit"}
	a = c
	c.name = "kitty"
	fmt.Println("iface ptr:", a.Name())
	// typed nil
	a1 := getAnimal(true)
	a2 := getAnimal(false)
	fmt.Println("typed nil == nil:", a1 == nil, "real nil == nil:", a2 == nil)
	fmt.Println("method on typed nil:", a1.Name())
	fmt.Printf("%v %T | %v %T\n", a1, a1, a2, a2)
	// interface conversion between interfaces
	for _, x := range animals {
		if w, ok := x.(Walker); ok {
			fmt.Println("walker:", w.Walk())
		} else {
			fmt.Println("not walker:", x.Name())
		}
	}
	// comparing interfaces
	var x, y Animal = Dog{"a"}, Dog{"a"}
	fmt.Println("equal dogs:", x == y)
	y = Dog{"b"}
	fmt.Println("different dogs:", x == y)
	c1, c2 := &Cat{"same"}, &Cat{"same"}
	x, y = c1, c2
	fmt.Println("different cat pointers:", x == y)
	y = c1
	fmt.Println("same cat pointer:", x == y)
	var e1 any = 3
	var e2 any = int64(3)
	fmt.Println("int vs int64 in any:", e1 == e2, e1 == 3)
	if a2 != nil || a1 == nil {
		panic("FAIL: nil interface")
	}
	// interface holding interface value
	var anyA any = animals[0]
	if an, ok := anyA.(Animal); ok {
		fmt.Println("any->Animal:", an.Name())
	}
	// method set: Cat value does not implement Animal
	_, ok := any(Cat{}).(Animal)
	fmt.Println("Cat value is Animal:", ok)
	_, ok = any(&Dog{}).(Animal)
	fmt.Println("*Dog is Animal:", ok)
}
