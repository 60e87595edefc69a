// Command chanhandoff publishes a struct through an unbuffered channel:
// the sender fills it in and never touches it again; the receiver reads
// its fields and hands it back, modified, on a second channel.
package main

type msg struct {
	id    int
	name  string
	items []int
}

func main() {
	in := make(chan *msg)
	out := make(chan *msg)
	go func() {
		m := <-in
		if m.id != 7 || m.name != "seven" || len(m.items) != 3 {
			panic("FAIL: fields not visible after receive")
		}
		sum := 0
		for _, v := range m.items {
			sum += v
		}
		m.items = append(m.items, sum)
		m.name = "done"
		out <- m
	}()
	m := &msg{id: 7, name: "seven", items: []int{1, 2, 3}}
	in <- m
	m = <-out
	if m.name != "done" || len(m.items) != 4 || m.items[3] != 6 {
		panic("FAIL: reply fields")
	}
}
