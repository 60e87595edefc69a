// Command chanpipeline passes ownership of slices through a three-stage
// pipeline of buffered channels: each stage mutates a slice it received
// and never touches it after sending it on.
package main

func main() {
	src := make(chan []int, 1)
	mid := make(chan []int, 1)
	out := make(chan []int, 1)
	go func() {
		for i := range 3 {
			s := []int{i, i}
			src <- s
		}
		close(src)
	}()
	go func() {
		for s := range src {
			s[0] *= 10
			mid <- s
		}
		close(mid)
	}()
	go func() {
		for s := range mid {
			out <- append(s, s[0]+s[1])
		}
		close(out)
	}()
	i := 0
	for s := range out {
		if len(s) != 3 || s[0] != i*10 || s[1] != i || s[2] != i*11 {
			panic("FAIL: pipeline stage")
		}
		i++
	}
	if i != 3 {
		panic("FAIL: lost element")
	}
}
