// Command sqlquery runs 200 database/sql queries (QueryRow and Scan)
// through a minimal in-program driver with a pool of one connection
// (benchmark workload, reported apart from the five).
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
)

type drv struct{}

func (drv) Open(string) (driver.Conn, error)             { return conn{}, nil }
func (drv) Connect(context.Context) (driver.Conn, error) { return conn{}, nil }
func (d drv) Driver() driver.Driver                      { return d }

type conn struct{}

func (conn) Prepare(q string) (driver.Stmt, error) { return stmt{}, nil }
func (conn) Close() error                          { return nil }
func (conn) Begin() (driver.Tx, error)             { return nil, driver.ErrSkip }

type stmt struct{}

func (stmt) Close() error                                   { return nil }
func (stmt) NumInput() int                                  { return 1 }
func (stmt) Exec([]driver.Value) (driver.Result, error)     { return driver.RowsAffected(0), nil }
func (stmt) Query(args []driver.Value) (driver.Rows, error) { return &rows{v: args[0].(int64)}, nil }

type rows struct {
	v    int64
	done bool
}

func (*rows) Columns() []string { return []string{"id", "name"} }
func (*rows) Close() error      { return nil }
func (r *rows) Next(dest []driver.Value) error {
	if r.done {
		return io.EOF
	}
	r.done = true
	dest[0], dest[1] = r.v*2, "row"
	return nil
}

func run() int {
	db := sql.OpenDB(drv{})
	defer db.Close()
	db.SetMaxOpenConns(1)
	n := 0
	for i := 0; i < 200; i++ {
		var id int
		var name string
		if err := db.QueryRow("SELECT id, name FROM t WHERE id = ?", i).Scan(&id, &name); err != nil {
			panic(err)
		}
		n += id + len(name)
	}
	return n
}

func main() { fmt.Println(run()) }
