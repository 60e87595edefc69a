// Tests container/heap with a user type implementing heap.Interface: priority queue with update, Fix, Remove.
package main

import (
	"container/heap"
	"fmt"
	"strings"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

type Item struct {
	value    string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	if pq[i].priority != pq[j].priority {
		return pq[i].priority > pq[j].priority
	}
	return pq[i].value < pq[j].value
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	it := x.(*Item)
	it.index = len(*pq)
	*pq = append(*pq, it)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	it.index = -1
	*pq = old[:n-1]
	return it
}

func main() {
	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 3)
	heap.Push(h, 1)
	fmt.Println("min:", (*h)[0], "len:", h.Len())
	var out []string
	for h.Len() > 0 {
		out = append(out, fmt.Sprint(heap.Pop(h)))
	}
	fmt.Println(strings.Join(out, " "))
	items := map[string]int{"banana": 3, "apple": 2, "pear": 4, "kiwi": 3}
	pq := PQ{}
	for _, name := range []string{"banana", "apple", "pear", "kiwi"} {
		heap.Push(&pq, &Item{value: name, priority: items[name]})
	}
	orange := &Item{value: "orange", priority: 1}
	heap.Push(&pq, orange)
	orange.priority = 5
	heap.Fix(&pq, orange.index)
	removed := heap.Remove(&pq, pq[len(pq)-1].index).(*Item)
	fmt.Println("removed last slot:", removed.value != "", removed.index)
	heap.Push(&pq, removed)
	for pq.Len() > 0 {
		it := heap.Pop(&pq).(*Item)
		fmt.Printf("%d:%s ", it.priority, it.value)
	}
	fmt.Println()
	// heap sort of many values
	nums := &IntHeap{}
	for i := range 50 {
		heap.Push(nums, (i*37)%50)
	}
	prev := -1
	for nums.Len() > 0 {
		v := heap.Pop(nums).(int)
		if v < prev {
			panic("FAIL: heap order")
		}
		prev = v
	}
	fmt.Println("heap sort ok, last:", prev)
}
