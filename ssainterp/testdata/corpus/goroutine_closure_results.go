// Tests goroutines started in loops with per-iteration variables, results collected over channels and sorted.
package main

import (
	"fmt"
	"slices"
	"strings"
)

type res struct {
	idx int
	val string
}

func main() {
	words := strings.Fields("zeta alpha mu pi omega beta gamma")
	ch := make(chan res)
	for i, w := range words {
		go func() {
			ch <- res{i, strings.ToUpper(w)}
		}()
	}
	out := make([]string, len(words))
	for range words {
		r := <-ch
		out[r.idx] = r.val
	}
	fmt.Println(out)
	// goroutine computing partial sums
	nums := make([]int, 1000)
	for i := range nums {
		nums[i] = i + 1
	}
	parts := make(chan int)
	const chunks = 8
	size := len(nums) / chunks
	for c := range chunks {
		go func(part []int) {
			s := 0
			for _, v := range part {
				s += v
			}
			parts <- s
		}(nums[c*size : (c+1)*size])
	}
	var partials []int
	total := 0
	for range chunks {
		p := <-parts
		partials = append(partials, p)
		total += p
	}
	slices.Sort(partials)
	fmt.Println("partials:", partials)
	fmt.Println("total:", total)
	// goroutine using method value
	type acc struct{ n int }
	a := &acc{}
	done := make(chan bool)
	inc := func() { a.n += 5; done <- true }
	go inc()
	<-done
	fmt.Println("acc:", a.n)
	// many goroutines, result ordering via index
	sq := make([]int, 50)
	fin := make(chan struct{})
	for i := range 50 {
		go func() {
			sq[i] = i * i
			fin <- struct{}{}
		}()
	}
	for range 50 {
		<-fin
	}
	fmt.Println("sq[49]:", sq[49], "sum:", sum(sq))
	if total != 500500 {
		panic("FAIL: total")
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
