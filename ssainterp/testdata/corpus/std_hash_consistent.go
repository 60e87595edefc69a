// Tests hash/fnv and hash/crc32 used for consistent hashing and bucketing of fixed keys.
package main

import (
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
)

type Ring struct {
	points []uint32
	owner  map[uint32]string
}

func hashKey(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

func NewRing(nodes []string, replicas int) *Ring {
	r := &Ring{owner: map[uint32]string{}}
	for _, n := range nodes {
		for i := range replicas {
			p := hashKey(n + "#" + strconv.Itoa(i))
			r.points = append(r.points, p)
			r.owner[p] = n
		}
	}
	slices.Sort(r.points)
	return r
}

func (r *Ring) Get(key string) string {
	h := hashKey(key)
	i := sort.Search(len(r.points), func(i int) bool { return r.points[i] >= h })
	if i == len(r.points) {
		i = 0
	}
	return r.owner[r.points[i]]
}

func main() {
	ring := NewRing([]string{"node-a", "node-b", "node-c"}, 20)
	counts := map[string]int{}
	for i := range 300 {
		key := "key-" + strconv.Itoa(i)
		n := ring.Get(key)
		counts[n]++
		if i < 8 {
			fmt.Println(key, "->", n, hashKey(key))
		}
	}
	fmt.Println("a:", counts["node-a"], "b:", counts["node-b"], "c:", counts["node-c"])
	bigger := NewRing([]string{"node-a", "node-b", "node-c", "node-d"}, 20)
	moved := 0
	for i := range 300 {
		key := "key-" + strconv.Itoa(i)
		if ring.Get(key) != bigger.Get(key) {
			moved++
		}
	}
	fmt.Println("keys moved after adding node:", moved)
	buckets := make([]int, 8)
	for i := range 1000 {
		buckets[crc32.ChecksumIEEE([]byte(strconv.Itoa(i)))%8]++
	}
	fmt.Println("crc32 buckets:", buckets)
	h64 := fnv.New64a()
	h64.Write([]byte("hello"))
	fmt.Printf("fnv64a hello: %x\n", h64.Sum(nil))
	h128 := fnv.New128a()
	h128.Write([]byte("hello"))
	fmt.Printf("fnv128a hello: %x\n", h128.Sum(nil))
	if counts["node-a"]+counts["node-b"]+counts["node-c"] != 300 {
		panic("FAIL: ring")
	}
}
