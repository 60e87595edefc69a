// Tests defer: LIFO order, argument evaluation at defer time, named result modification, defers in loops.
package main

import "fmt"

func order() {
	for i := range 4 {
		defer fmt.Print(i, " ")
	}
	fmt.Print("loop done: ")
}

func argsEvaluated() {
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	defer func() { fmt.Println("closure x =", x) }()
	x = 3
}

func double() (r int) {
	defer func() { r *= 2 }()
	return 21
}

func tripleWithRecoverValue() (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			s = "partial"
		}
	}()
	s = "start"
	panic("boom")
}

type T struct{ name string }

func (t T) Close()          { fmt.Println("close", t.name) }
func (t *T) PtrClose()      { fmt.Println("ptr close", t.name) }
func trace(s string) string { fmt.Println("enter", s); return s }
func un(s string)           { fmt.Println("leave", s) }

func nested() {
	defer un(trace("nested"))
	fmt.Println("in nested")
}

func methodDefers() {
	t := T{"a"}
	defer t.Close() // receiver copied now
	defer t.PtrClose()
	t.name = "b"
}

func deferInClosure() int {
	x := 0
	func() {
		defer func() { x += 10 }()
		x = 1
	}()
	return x
}

func returnsValueBeforeDefer() int {
	x := 5
	defer func() { x = 100 }()
	return x
}

func main() {
	order()
	fmt.Println()
	argsEvaluated()
	fmt.Println("double:", double())
	s, err := tripleWithRecoverValue()
	fmt.Println(s, err)
	nested()
	methodDefers()
	fmt.Println("deferInClosure:", deferInClosure())
	fmt.Println("unnamed result unaffected:", returnsValueBeforeDefer())
	// defer with nil func value panics at function end
	func() {
		defer func() { fmt.Println("recovered nil func:", recover()) }()
		var f func()
		defer f()
		fmt.Println("after deferring nil func")
	}()
	// defer in a loop with closures capturing per-iteration vars
	func() {
		for i := range 3 {
			defer func() { fmt.Print("c", i, " ") }()
		}
	}()
	fmt.Println()
	// defers run even on os-independent early return
	cnt := 0
	f := func(early bool) {
		defer func() { cnt++ }()
		if early {
			return
		}
		cnt += 10
	}
	f(true)
	f(false)
	fmt.Println("cnt:", cnt)
	if double() != 42 || cnt != 12 {
		panic("FAIL: defer")
	}
}
