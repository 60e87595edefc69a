// Command indep has three goroutines that touch nothing in common: each
// writes its own variable and signals on its own channel. Every
// order of their steps leads to one final state, so a search with
// partial-order reduction needs one path.
package main

var x [3]int

func main() {
	var done [3]chan bool
	for i := range done {
		done[i] = make(chan bool, 1)
		go func() {
			x[i] = 1
			done[i] <- true
		}()
	}
	for i := range done {
		<-done[i]
	}
}
