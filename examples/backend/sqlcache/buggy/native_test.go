//go:build native

package sqlcache

import (
	"context"
	"sync"
	"testing"

	"github.com/DATA-DOG/go-sqlmock"
)

// Run with -race: eight requests look up eight different users at once,
// twice each (the second lookups are served from the cache).
func TestConcurrentGetNative(t *testing.T) {
	db, mock, _ := sqlmock.New(sqlmock.QueryMatcherOption(sqlmock.QueryMatcherEqual))
	defer db.Close()
	mock.MatchExpectationsInOrder(false)
	for id := range int64(8) {
		mock.ExpectQuery(userQuery).WithArgs(id).WillReturnRows(
			sqlmock.NewRows([]string{"id", "name", "email"}).AddRow(id, "ann", "ann@example.com"))
	}
	repo := NewUserRepo(db)
	var wg sync.WaitGroup
	for id := range int64(8) {
		wg.Go(func() {
			for range 2 {
				if u, err := repo.Get(context.Background(), id); err != nil || u.ID != id {
					t.Errorf("Get(%d) = %+v, %v", id, u, err)
				}
			}
		})
	}
	wg.Wait()
}
