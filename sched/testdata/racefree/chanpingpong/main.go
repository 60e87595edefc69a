// Command chanpingpong passes a token back and forth between two
// goroutines over unbuffered channels; each side updates shared plain
// memory only while it holds the token.
package main

func main() {
	ping := make(chan struct{})
	pong := make(chan struct{})
	done := make(chan struct{})
	var trace []byte
	count := 0
	go func() {
		for range 3 {
			<-ping
			trace = append(trace, 'a')
			count++
			pong <- struct{}{}
		}
	}()
	go func() {
		defer close(done)
		for range 3 {
			<-pong
			trace = append(trace, 'b')
			count++
			if count < 6 {
				ping <- struct{}{}
			}
		}
	}()
	ping <- struct{}{}
	<-done
	if string(trace) != "ababab" || count != 6 {
		panic("FAIL: ping-pong order")
	}
}
