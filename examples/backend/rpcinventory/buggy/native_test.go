//go:build native

package rpcinventory

import (
	"net"
	"net/rpc"
	"sync"
	"testing"
)

// Run with -race: 50 concurrent reservations over one RPC client.
func TestConcurrentReserveNative(t *testing.T) {
	cli, srv := net.Pipe()
	go Serve(NewInventory(map[string]int{"mug": 50}), srv)
	client := rpc.NewClient(cli)
	defer client.Close()
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			var left int
			if err := client.Call("Inventory.Reserve", ReserveArgs{"mug", 1}, &left); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	var n int
	if client.Call("Inventory.Stock", "mug", &n); n != 0 {
		t.Errorf("stock after 50 reservations = %d, want 0", n)
	}
}
