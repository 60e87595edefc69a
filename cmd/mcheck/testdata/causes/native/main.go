// Command native calls a function with no Go body, which mcheck cannot
// run.
package main

import _ "unsafe" // go:linkname

//go:linkname getm runtime.getm
func getm() uintptr

func main() { println(getm()) }
