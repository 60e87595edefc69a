// Tests sync/atomic: AddInt64, atomic.Int64/Int32/Uint64/Bool/Value/Pointer, CompareAndSwap.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type state struct{ name string }

func main() {
	var counter int64
	var a atomic.Int64
	var u atomic.Uint32
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				atomic.AddInt64(&counter, 1)
				a.Add(2)
				u.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println("counter:", atomic.LoadInt64(&counter), "a:", a.Load(), "u:", u.Load())
	var flag atomic.Bool
	fmt.Println("bool:", flag.Load(), flag.Swap(true), flag.Load())
	var i32 atomic.Int32
	i32.Store(10)
	fmt.Println("cas 10->20:", i32.CompareAndSwap(10, 20), "cas 10->30:", i32.CompareAndSwap(10, 30), i32.Load())
	fmt.Println("swap:", i32.Swap(5), i32.Load())
	var raw uint64 = 7
	fmt.Println("raw cas:", atomic.CompareAndSwapUint64(&raw, 7, 8), raw)
	atomic.StoreUint64(&raw, 100)
	fmt.Println("raw store:", atomic.LoadUint64(&raw))
	var v atomic.Value
	fmt.Println("value nil:", v.Load() == nil)
	v.Store("hello")
	fmt.Println("value:", v.Load().(string))
	var p atomic.Pointer[state]
	fmt.Println("pointer nil:", p.Load() == nil)
	p.Store(&state{"s1"})
	old := p.Swap(&state{"s2"})
	fmt.Println("pointer:", old.name, p.Load().name)
	// CAS loop to compute max concurrently
	var maxV atomic.Int64
	var wg2 sync.WaitGroup
	for i := range 40 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			val := int64((i * 37) % 41)
			for {
				cur := maxV.Load()
				if val <= cur || maxV.CompareAndSwap(cur, val) {
					return
				}
			}
		}()
	}
	wg2.Wait()
	fmt.Println("max:", maxV.Load())
	// And/Or (Go 1.23+)
	var bits atomic.Uint32
	bits.Or(0b1010)
	old32 := bits.And(0b0010)
	fmt.Println("and/or:", old32, bits.Load())
	if counter != 5000 || a.Load() != 10000 {
		panic("FAIL: atomic")
	}
}
