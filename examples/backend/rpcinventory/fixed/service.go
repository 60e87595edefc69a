// Package rpcinventory is a stock-keeping service exported over net/rpc:
// Inventory.Reserve takes items out of stock, Inventory.Stock reads it.
package rpcinventory

import (
	"errors"
	"net"
	"net/rpc"
	"sync"
)

type ReserveArgs struct {
	SKU string
	Qty int
}

type Inventory struct {
	mu    sync.Mutex
	stock map[string]int
}

func NewInventory(stock map[string]int) *Inventory {
	return &Inventory{stock: stock}
}

var ErrOutOfStock = errors.New("out of stock")

// Reserve takes args.Qty items of args.SKU out of stock and replies with
// what is left.
func (inv *Inventory) Reserve(args ReserveArgs, left *int) error {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	have := inv.stock[args.SKU]
	if have < args.Qty {
		return ErrOutOfStock
	}
	inv.stock[args.SKU] = have - args.Qty
	*left = have - args.Qty
	return nil
}

// Stock replies with the stock of sku.
func (inv *Inventory) Stock(sku string, n *int) error {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	*n = inv.stock[sku]
	return nil
}

// Serve serves inv on conn (one client connection) with its own
// rpc.Server; it returns when the connection is closed.
func Serve(inv *Inventory, conn net.Conn) error {
	srv := rpc.NewServer()
	if err := srv.Register(inv); err != nil {
		return err
	}
	srv.ServeConn(conn)
	return nil
}
