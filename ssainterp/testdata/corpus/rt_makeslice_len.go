// Tests makeslice / makemap / makechan errors: recovered messages, then unrecovered "makeslice: len out of range".
package main

import "fmt"

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	n := -1
	try("make len -1", func() { _ = make([]int, n) })
	try("make cap < len", func() { l, c := 5, 2; _ = make([]int, l, c) })
	try("make cap -1", func() { _ = make([]int, 0, n) })
	try("make huge", func() { var big uint64 = 1 << 62; _ = make([]int64, big) })
	try("makechan negative", func() { _ = make(chan int, n) })
	try("make map negative hint ok", func() { m := make(map[int]int, n); m[1] = 1; fmt.Println("map len", len(m)) })
	try("make zero ok", func() { s := make([]int, 0); fmt.Println("zero len", len(s)) })
	fmt.Println("unrecovered next")
	_ = make([]string, n)
}
