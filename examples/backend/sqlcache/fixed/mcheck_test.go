//go:build !native

package sqlcache

import (
	"context"
	"sync"
	"testing"

	"github.com/DATA-DOG/go-sqlmock"
	"github.com/mcheck-dev/mcheck"
)

// Two requests look up two different users at once.
func TestConcurrentGet(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		db, mock, _ := sqlmock.New(sqlmock.QueryMatcherOption(sqlmock.QueryMatcherEqual))
		defer db.Close()
		mock.MatchExpectationsInOrder(false)
		repo := NewUserRepo(db)
		expectUsers(mock, 1, 2)
		var wg sync.WaitGroup
		for _, id := range []int64{1, 2} {
			wg.Go(func() {
				if u, err := repo.Get(context.Background(), id); err != nil || u.ID != id {
					t.Errorf("Get(%d) = %+v, %v", id, u, err)
				}
			})
		}
		wg.Wait()
	})
}

// expectUsers sets the expected query of each user, all before any query
// runs: sqlmock's expectations are not safe to add concurrently.
func expectUsers(mock sqlmock.Sqlmock, ids ...int64) {
	for _, id := range ids {
		mock.ExpectQuery(userQuery).WithArgs(id).WillReturnRows(
			sqlmock.NewRows([]string{"id", "name", "email"}).AddRow(id, "ann", "ann@example.com"))
	}
}
