// Tests an unrecovered panic inside a goroutine: the whole program dies with exit status 2.
package main

import "fmt"

func main() {
	done := make(chan struct{})
	fmt.Println("main starting goroutine")
	go func() {
		defer close(done)
		var m map[string][]int
		fmt.Println("spawned func about to write nil map")
		m["k"] = append(m["k"], 1)
	}()
	<-done
	select {}
}
