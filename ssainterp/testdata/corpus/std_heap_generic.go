// Tests a generic priority queue built on container/heap, used for Dijkstra shortest paths on a fixed graph.
package main

import (
	"cmp"
	"container/heap"
	"fmt"
)

type PQ[T any] struct {
	items []T
	less  func(a, b T) bool
}

func (p *PQ[T]) Len() int           { return len(p.items) }
func (p *PQ[T]) Less(i, j int) bool { return p.less(p.items[i], p.items[j]) }
func (p *PQ[T]) Swap(i, j int)      { p.items[i], p.items[j] = p.items[j], p.items[i] }
func (p *PQ[T]) Push(x any)         { p.items = append(p.items, x.(T)) }
func (p *PQ[T]) Pop() any {
	n := len(p.items)
	x := p.items[n-1]
	p.items = p.items[:n-1]
	return x
}

func NewPQ[T any](less func(a, b T) bool) *PQ[T] { return &PQ[T]{less: less} }
func (p *PQ[T]) PushT(v T)                       { heap.Push(p, v) }
func (p *PQ[T]) PopT() T                         { return heap.Pop(p).(T) }

type edge struct {
	to, w int
}

type state struct {
	node, dist int
}

func main() {
	graph := map[int][]edge{
		0: {{1, 4}, {2, 1}},
		1: {{3, 1}},
		2: {{1, 2}, {3, 5}, {4, 10}},
		3: {{4, 3}},
		4: {},
		5: {{0, 1}},
	}
	dist := map[int]int{0: 0}
	prev := map[int]int{}
	pq := NewPQ(func(a, b state) bool { return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.node, b.node)) < 0 })
	pq.PushT(state{0, 0})
	for pq.Len() > 0 {
		s := pq.PopT()
		if s.dist > dist[s.node] {
			continue
		}
		for _, e := range graph[s.node] {
			nd := s.dist + e.w
			if d, ok := dist[e.to]; !ok || nd < d {
				dist[e.to] = nd
				prev[e.to] = s.node
				pq.PushT(state{e.to, nd})
			}
		}
	}
	for n := range 6 {
		d, ok := dist[n]
		if !ok {
			fmt.Println("node", n, "unreachable")
			continue
		}
		path := []int{n}
		for cur := n; cur != 0; {
			cur = prev[cur]
			path = append([]int{cur}, path...)
		}
		fmt.Println("node", n, "dist", d, "path", path)
	}
	words := NewPQ(func(a, b string) bool { return len(a) < len(b) || (len(a) == len(b) && a < b) })
	for _, w := range []string{"pear", "fig", "banana", "kiwi", "apple", "date"} {
		words.PushT(w)
	}
	for words.Len() > 0 {
		fmt.Print(words.PopT(), " ")
	}
	fmt.Println()
	if dist[4] != 7 {
		panic("FAIL: dijkstra")
	}
}
