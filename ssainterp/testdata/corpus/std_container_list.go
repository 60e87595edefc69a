// Tests container/list: PushFront/Back, Insert*, Move*, Remove, iteration both ways, list of structs.
package main

import (
	"container/list"
	"fmt"
)

type task struct {
	name string
	pri  int
}

func dump(l *list.List) {
	fmt.Print("[")
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println("] len", l.Len())
}

func main() {
	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	dump(l)
	l.MoveToFront(e4)
	dump(l)
	l.MoveToBack(e1)
	dump(l)
	l.MoveAfter(e4, e1)
	dump(l)
	l.MoveBefore(e1, l.Front())
	dump(l)
	v := l.Remove(e4)
	fmt.Println("removed", v)
	dump(l)
	fmt.Print("backwards: ")
	for e := l.Back(); e != nil; e = e.Prev() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println()
	other := list.New()
	other.PushBack("x")
	other.PushBack("y")
	l.PushBackList(other)
	l.PushFrontList(other)
	dump(l)
	// remove while iterating
	for e := l.Front(); e != nil; {
		next := e.Next()
		if _, ok := e.Value.(string); ok {
			l.Remove(e)
		}
		e = next
	}
	dump(l)
	// priority insertion of structs
	tasks := list.New()
	for _, t := range []task{{"write", 2}, {"test", 1}, {"ship", 3}, {"plan", 1}} {
		var at *list.Element
		for e := tasks.Front(); e != nil; e = e.Next() {
			if e.Value.(task).pri > t.pri {
				at = e
				break
			}
		}
		if at == nil {
			tasks.PushBack(t)
		} else {
			tasks.InsertBefore(t, at)
		}
	}
	for e := tasks.Front(); e != nil; e = e.Next() {
		fmt.Printf("%+v\n", e.Value)
	}
	var zero list.List
	zero.PushBack("lazy init")
	fmt.Println(zero.Len(), zero.Front().Value)
	if l.Len() != 3 {
		panic("FAIL: list")
	}
}
