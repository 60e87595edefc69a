// Tests an unrecovered re-panic from a deferred function after recover: runtime prints the chain.
package main

import "fmt"

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
		panic(fmt.Sprintf("re-panic of %v", r))
	}()
	fmt.Println("start")
	panic("first")
}
