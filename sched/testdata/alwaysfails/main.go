// Command alwaysfails panics on every schedule: a search's first
// execution finds it.
package main

func main() {
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	panic("always")
}
