// Command deep recurses without end: the call depth bound.
package main

func deep(n int) int { return deep(n+1) + 1 }

func main() { println(deep(0)) }
