// syscall.Mmap and Munmap of anonymous private mappings, as off-heap
// caches use them (fastcache's chunks): zeroed bytes of exactly the
// length asked, page-aligned, carved into fixed-size arrays through
// unsafe, written from several goroutines, released whole; and the
// EINVALs of Go's mmapper.
package main

import (
	"fmt"
	"sync"
	"syscall"
	"unsafe"
)

const chunkSize = 4096

func mmap(n int) ([]byte, error) {
	return syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
}

func main() {
	b, err := mmap(10000)
	if err != nil {
		panic(err)
	}
	fmt.Println("len", len(b), "cap", cap(b))
	zero := true
	for _, x := range b {
		if x != 0 {
			zero = false
		}
	}
	fmt.Println("zeroed", zero)
	page := uintptr(syscall.Getpagesize())
	fmt.Println("page-aligned", uintptr(unsafe.Pointer(&b[0]))%page == 0)
	for i := range b {
		b[i] = byte(i * 7)
	}
	sum := 0
	for _, x := range b {
		sum += int(x)
	}
	fmt.Println("sum", sum, "b[9999]", b[9999])

	// The mmapper's checks.
	for _, n := range []int{0, -1} {
		_, err := mmap(n)
		fmt.Println("mmap", n, err, err == syscall.EINVAL)
	}
	fmt.Println("munmap nil:", syscall.Munmap(nil))
	fmt.Println("munmap b[:10]:", syscall.Munmap(b[:10]))
	fmt.Println("munmap b[1:]:", syscall.Munmap(b[1:]))
	fmt.Println("munmap heap:", syscall.Munmap(make([]byte, 10)))
	fmt.Println("munmap b:", syscall.Munmap(b))
	err = syscall.Munmap(b)
	fmt.Println("munmap b again:", err, err == syscall.EINVAL)

	// Chunks carved out of one mapping, as fastcache's getChunk does.
	data, err := mmap(chunkSize * 4)
	if err != nil {
		panic(err)
	}
	var chunks []*[chunkSize]byte
	for d := data; len(d) > 0; d = d[chunkSize:] {
		chunks = append(chunks, (*[chunkSize]byte)(unsafe.Pointer(&d[0])))
	}
	fmt.Println("chunks", len(chunks), "distinct", &chunks[0][0] != &chunks[1][0])
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := c[:]
			for j := range s {
				s[j] = byte(i + j)
			}
			mu.Lock()
			s[0] = byte(100 + i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("through the mapping:", data[0], data[chunkSize], data[2*chunkSize+1], data[4*chunkSize-1])
	whole := unsafe.Slice(&data[0], len(data))
	fmt.Println("unsafe.Slice:", len(whole), whole[3*chunkSize] == data[3*chunkSize])
	fmt.Println("munmap data:", syscall.Munmap(data))

	// Two live mappings are distinct memory.
	x, _ := mmap(100)
	y, _ := mmap(100)
	x[0], y[0] = 1, 2
	fmt.Println("distinct mappings:", x[0], y[0], &x[0] != &y[0])
	fmt.Println("munmap y, x:", syscall.Munmap(y), syscall.Munmap(x))
}
