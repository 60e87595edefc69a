// Command lostupdate loses an update in one order only: two goroutines
// read a counter and write it back incremented in two steps, while two
// others write variables of their own.
package main

var (
	n    int
	a, b int
)

func main() {
	done := make(chan bool, 4)
	for range 2 {
		go func() {
			v := n
			n = v + 1
			done <- true
		}()
	}
	go func() { a = 1; a = 2; done <- true }()
	go func() { b = 1; b = 2; done <- true }()
	for range 4 {
		<-done
	}
	if n != 2 {
		panic("lost an update")
	}
}
