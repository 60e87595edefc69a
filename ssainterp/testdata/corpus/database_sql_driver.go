// Package main uses database/sql over a small driver of its own (a map
// of tables in memory): Exec and Query with arguments, a transaction
// rolled back and one committed, a prepared statement, a connection
// pool of one connection shared by concurrent queries, and a context
// cancelled before the query.
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// kv is the database: one table of string keys and int64 values.
type kv struct {
	mu    sync.Mutex
	rows  map[string]int64
	conns int
}

type drv struct{ db *kv }

func (d drv) Open(name string) (driver.Conn, error) {
	d.db.mu.Lock()
	d.db.conns++
	d.db.mu.Unlock()
	return &conn{db: d.db}, nil
}

type conn struct {
	db      *kv
	pending map[string]int64 // the open transaction's writes
}

func (c *conn) Prepare(query string) (driver.Stmt, error) { return &stmt{c: c, q: query}, nil }
func (c *conn) Close() error                              { return nil }
func (c *conn) Begin() (driver.Tx, error) {
	c.pending = map[string]int64{}
	return tx{c}, nil
}

type tx struct{ c *conn }

func (t tx) Commit() error {
	t.c.db.mu.Lock()
	for k, v := range t.c.pending {
		t.c.db.rows[k] = v
	}
	t.c.db.mu.Unlock()
	t.c.pending = nil
	return nil
}

func (t tx) Rollback() error { t.c.pending = nil; return nil }

type stmt struct {
	c *conn
	q string
}

func (s *stmt) Close() error  { return nil }
func (s *stmt) NumInput() int { return strings.Count(s.q, "?") }

// Exec runs "SET ? ?".
func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	if !strings.HasPrefix(s.q, "SET") {
		return nil, errors.New("kv: unknown statement " + s.q)
	}
	k, v := args[0].(string), args[1].(int64)
	if s.c.pending != nil {
		s.c.pending[k] = v
	} else {
		s.c.db.mu.Lock()
		s.c.db.rows[k] = v
		s.c.db.mu.Unlock()
	}
	return driver.RowsAffected(1), nil
}

// Query runs "GET ?" (one row) or "ALL" (every row, by key).
func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	s.c.db.mu.Lock()
	defer s.c.db.mu.Unlock()
	r := &rows{}
	switch s.q {
	case "GET ?":
		if v, ok := s.c.db.rows[args[0].(string)]; ok {
			r.data = append(r.data, [2]driver.Value{args[0], v})
		}
	case "ALL":
		for k, v := range s.c.db.rows {
			r.data = append(r.data, [2]driver.Value{k, v})
		}
		sort.Slice(r.data, func(i, j int) bool { return r.data[i][0].(string) < r.data[j][0].(string) })
	default:
		return nil, errors.New("kv: unknown query " + s.q)
	}
	return r, nil
}

type rows struct {
	data [][2]driver.Value
	i    int
}

func (r *rows) Columns() []string { return []string{"k", "v"} }
func (r *rows) Close() error      { return nil }
func (r *rows) Next(dest []driver.Value) error {
	if r.i == len(r.data) {
		return io.EOF
	}
	dest[0], dest[1] = r.data[r.i][0], r.data[r.i][1]
	r.i++
	return nil
}

func dump(db *sql.DB) {
	rs, err := db.Query("ALL")
	if err != nil {
		fmt.Println("query:", err)
		return
	}
	defer rs.Close()
	for rs.Next() {
		var k string
		var v int
		rs.Scan(&k, &v)
		fmt.Printf("  %s=%d\n", k, v)
	}
	fmt.Println("  rows err:", rs.Err())
}

func main() {
	store := &kv{rows: map[string]int64{}}
	sql.Register("kv", drv{store})
	db, err := sql.Open("kv", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	db.SetMaxOpenConns(1)
	res, err := db.Exec("SET ? ?", "a", 1)
	n, _ := res.RowsAffected()
	fmt.Println("exec:", n, err)
	db.Exec("SET ? ?", "b", 2)
	var k string
	var v int
	fmt.Println("get b:", db.QueryRow("GET ?", "b").Scan(&k, &v), k, v)
	fmt.Println("get z:", db.QueryRow("GET ?", "z").Scan(&k, &v) == sql.ErrNoRows)
	_, err = db.Exec("DROP")
	fmt.Println("bad statement:", err)

	t1, _ := db.Begin()
	t1.Exec("SET ? ?", "c", 3)
	fmt.Println("rollback:", t1.Rollback())
	t2, _ := db.Begin()
	t2.Exec("SET ? ?", "d", 4)
	fmt.Println("commit:", t2.Commit())
	dump(db)

	st, _ := db.Prepare("GET ?")
	var wg sync.WaitGroup
	sums := make([]int, 4)
	for i := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var k string
			var x int
			if err := st.QueryRow([]string{"a", "b", "d", "a"}[i]).Scan(&k, &x); err == nil {
				sums[i] = x
			}
		}()
	}
	wg.Wait()
	st.Close()
	fmt.Println("concurrent gets:", sums)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = db.QueryContext(ctx, "ALL")
	fmt.Println("cancelled:", errors.Is(err, context.Canceled))
	fmt.Println("stats: open", db.Stats().OpenConnections, "max", db.Stats().MaxOpenConnections, "drivers:", sql.Drivers())
	fmt.Println("close:", db.Close())
	fmt.Println("connections opened:", store.conns)
}
