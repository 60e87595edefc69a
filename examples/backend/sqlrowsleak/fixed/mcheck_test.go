//go:build !native

package sqlrowsleak

import (
	"context"
	"testing"

	"github.com/DATA-DOG/go-sqlmock"
	"github.com/mcheck-dev/mcheck"
)

// Two lookups on a pool of one connection (as in production).
func TestTwoLookups(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		db, mock, _ := sqlmock.New(sqlmock.QueryMatcherOption(sqlmock.QueryMatcherEqual))
		defer db.Close()
		db.SetMaxOpenConns(1)
		for _, c := range []string{"acme", "globex"} {
			mock.ExpectQuery(overdueQuery).WithArgs(c).WillReturnRows(
				sqlmock.NewRows([]string{"id", "amount"}).AddRow(1, 500).AddRow(2, 700))
		}
		repo := NewRepo(db)
		for _, c := range []string{"acme", "globex"} {
			if inv, err := repo.OldestOverdue(context.Background(), c); err != nil || inv.ID != 1 {
				t.Errorf("OldestOverdue(%s) = %+v, %v", c, inv, err)
			}
		}
	})
}
