// go and defer statements on builtins (clear, close, copy, delete,
// panic, print, println, recover) behave as natively, including go
// panic(e), which ends the program with e.
package main

import (
	"errors"
	"fmt"
)

func deferred() (out string) {
	m := map[string]int{"a": 1, "b": 2}
	s := []int{1, 2, 3}
	ch := make(chan int, 1)
	defer func() { out = fmt.Sprint(len(m), s, isClosed(ch)) }()
	defer close(ch)
	defer copy(s, []int{7, 8})
	defer delete(m, "a")
	defer clear(s[2:])
	defer print("deferred print\n")
	defer println("deferred println", 42, true)
	return ""
}

func isClosed(ch chan int) bool {
	select {
	case _, ok := <-ch:
		return !ok
	default:
		return false
	}
}

func recoverNotDirect() (r any) {
	defer func() { r = recover() }()
	defer recover() // not called by a deferred function: recovers nothing
	panic("still panicking")
}

func deferPanic() (r any) {
	defer func() { r = recover() }()
	defer panic(errors.New("from a deferred builtin"))
	return nil
}

func main() {
	fmt.Println(deferred())
	fmt.Println(recoverNotDirect())
	fmt.Println(deferPanic())
	ch := make(chan int)
	go close(ch)
	_, ok := <-ch
	fmt.Println("closed by go close:", !ok)
	go panic(fmt.Errorf("boom %d", 1))
	select {}
}
