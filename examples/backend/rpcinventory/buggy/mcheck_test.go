//go:build !native

package rpcinventory

import (
	"net"
	"net/rpc"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two concurrent reservations of the last two items over one RPC client.
func TestConcurrentReserve(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		cli, srv := net.Pipe()
		go Serve(NewInventory(map[string]int{"mug": 2}), srv)
		client := rpc.NewClient(cli)
		defer client.Close()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { client.Call("Inventory.Reserve", ReserveArgs{"mug", 1}, new(int)) })
		}
		wg.Wait()
		var n int
		if client.Call("Inventory.Stock", "mug", &n); n != 0 {
			t.Errorf("stock after two reservations = %d, want 0", n)
		}
	})
}
