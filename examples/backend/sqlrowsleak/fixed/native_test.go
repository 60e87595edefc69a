//go:build native

package sqlrowsleak

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/DATA-DOG/go-sqlmock"
)

// Two lookups on a pool of one connection; if they have not finished in
// 2 seconds, the test fails with a goroutine dump.
func TestTwoLookupsNative(t *testing.T) {
	db, mock, _ := sqlmock.New(sqlmock.QueryMatcherOption(sqlmock.QueryMatcherEqual))
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, c := range []string{"acme", "globex"} {
		mock.ExpectQuery(overdueQuery).WithArgs(c).WillReturnRows(
			sqlmock.NewRows([]string{"id", "amount"}).AddRow(1, 500).AddRow(2, 700))
	}
	repo := NewRepo(db)
	done := make(chan error, 1)
	go func() {
		for _, c := range []string{"acme", "globex"} {
			if _, err := repo.OldestOverdue(context.Background(), c); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(2 * time.Second):
		buf := make([]byte, 1<<20)
		t.Fatalf("deadlock: the second lookup waits for ever for the pool's only connection:\n%s", buf[:runtime.Stack(buf, true)])
	}
}
