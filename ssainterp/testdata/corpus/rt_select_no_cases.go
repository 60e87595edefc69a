// Tests a main goroutine blocking in an empty select with no other goroutines: deadlock fatal error.
package main

import "fmt"

func main() {
	done := make(chan bool)
	go func() {
		fmt.Println("helper running")
		done <- true
	}()
	<-done
	fmt.Println("helper finished; blocking forever in select {}")
	select {}
}
