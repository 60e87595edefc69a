// Command pingforever passes a counter back and forth forever: it never
// ends, but every step makes progress, so no fair scheduler shows a
// livelock either; mcheck counts such executions as inconclusive.
package main

func main() {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
	}()
	for v := 0; ; {
		ping <- v
		v = <-pong
	}
}
