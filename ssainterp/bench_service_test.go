package ssainterp

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"io"
	"net/http"
	"net/http/httptest"
)

// --- native copies of the service workloads (keep in step with testdata/bench) ---

// testdata/bench/httprt: natively over the kernel's loopback.
func benchHTTPRTRun() int {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello "+r.URL.Path)
	}))
	defer srv.Close()
	c := srv.Client()
	n := 0
	for i := 0; i < 50; i++ {
		res, err := c.Get(srv.URL + "/x")
		if err != nil {
			panic(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		n += len(b) + res.StatusCode
	}
	return n
}

// testdata/bench/sqlquery
type benchDrv struct{}

func (benchDrv) Open(string) (driver.Conn, error)             { return benchConn{}, nil }
func (benchDrv) Connect(context.Context) (driver.Conn, error) { return benchConn{}, nil }
func (d benchDrv) Driver() driver.Driver                      { return d }

type benchConn struct{}

func (benchConn) Prepare(q string) (driver.Stmt, error) { return benchStmt{}, nil }
func (benchConn) Close() error                          { return nil }
func (benchConn) Begin() (driver.Tx, error)             { return nil, driver.ErrSkip }

type benchStmt struct{}

func (benchStmt) Close() error                               { return nil }
func (benchStmt) NumInput() int                              { return 1 }
func (benchStmt) Exec([]driver.Value) (driver.Result, error) { return driver.RowsAffected(0), nil }
func (benchStmt) Query(args []driver.Value) (driver.Rows, error) {
	return &benchRows{v: args[0].(int64)}, nil
}

type benchRows struct {
	v    int64
	done bool
}

func (*benchRows) Columns() []string { return []string{"id", "name"} }
func (*benchRows) Close() error      { return nil }
func (r *benchRows) Next(dest []driver.Value) error {
	if r.done {
		return io.EOF
	}
	r.done = true
	dest[0], dest[1] = r.v*2, "row"
	return nil
}

func benchSQLQueryRun() int {
	db := sql.OpenDB(benchDrv{})
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
