// Command chanresultper gives each goroutine its own result channel; main
// collects the results in order.
package main

type result struct {
	in, out int
	note    string
}

func square(i int) <-chan result {
	ch := make(chan result, 1)
	go func() {
		ch <- result{in: i, out: i * i, note: "sq"}
	}()
	return ch
}

func main() {
	var chans []<-chan result
	for i := range 3 {
		chans = append(chans, square(i+1))
	}
	for i, ch := range chans {
		r := <-ch
		if r.in != i+1 || r.out != (i+1)*(i+1) || r.note != "sq" {
			panic("FAIL: result")
		}
	}
}
