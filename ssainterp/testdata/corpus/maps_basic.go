// Tests map insert/lookup/delete, comma-ok, nil map read, len, clear, sorted iteration.
package main

import (
	"fmt"
	"sort"
)

func main() {
	m := map[string]int{}
	words := []string{"the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "the", "fox"}
	for _, w := range words {
		m[w]++
	}
	fmt.Println("len:", len(m))
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, m[k])
	}
	fmt.Println()
	v, ok := m["fox"]
	fmt.Println("fox:", v, ok)
	v, ok = m["cat"]
	fmt.Println("cat:", v, ok)
	delete(m, "the")
	delete(m, "nonexistent")
	fmt.Println("after delete len:", len(m), m["the"])
	var nm map[string]int
	fmt.Println("nil map read:", nm["x"], len(nm), nm == nil)
	_, ok = nm["x"]
	fmt.Println("nil map comma ok:", ok)
	delete(nm, "x") // no-op
	for range nm {
		panic("FAIL: ranged nil map")
	}
	fmt.Println("fmt sorts:", m)
	clear(m)
	fmt.Println("after clear:", len(m), m)
	// map with int keys and struct values
	type rec struct {
		name string
		age  int
	}
	people := map[int]rec{3: {"c", 30}, 1: {"a", 10}, 2: {"b", 20}}
	fmt.Println(people)
	// delete during iteration: delete all even keys
	nums := map[int]bool{}
	for i := range 20 {
		nums[i] = true
	}
	for k := range nums {
		if k%2 == 0 {
			delete(nums, k)
		}
	}
	fmt.Println("odd only:", len(nums), nums)
	// map of slices
	groups := map[bool][]int{}
	for i := range 10 {
		groups[i%3 == 0] = append(groups[i%3 == 0], i)
	}
	fmt.Println(groups[true], groups[false])
	// map of maps
	mm := map[string]map[string]int{}
	for _, p := range [][2]string{{"a", "x"}, {"a", "y"}, {"b", "x"}} {
		if mm[p[0]] == nil {
			mm[p[0]] = map[string]int{}
		}
		mm[p[0]][p[1]]++
	}
	fmt.Println(mm)
	// large map
	big := make(map[int]int, 10)
	for i := range 5000 {
		big[i*7] = i
	}
	sum := 0
	for k, v := range big {
		sum += k - v
	}
	fmt.Println("big len:", len(big), "sum:", sum)
	if big[7*4999] != 4999 {
		panic("FAIL: big map lookup")
	}
	// map values are not addressable; modifying through reassign
	cnt := map[string][2]int{}
	a := cnt["k"]
	a[1] = 5
	cnt["k"] = a
	fmt.Println(cnt)
}
