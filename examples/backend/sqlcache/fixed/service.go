// Package sqlcache is a user repository with a read-through cache: user
// records change rarely, so each is read from the database once.
package sqlcache

import (
	"context"
	"database/sql"
	"sync"
)

type User struct {
	ID    int64
	Name  string
	Email string
}

type UserRepo struct {
	db    *sql.DB
	mu    sync.RWMutex
	cache map[int64]User
}

func NewUserRepo(db *sql.DB) *UserRepo {
	return &UserRepo{db: db, cache: make(map[int64]User)}
}

const userQuery = `SELECT id, name, email FROM users WHERE id = ?`

// Get returns the user with the given id.
func (r *UserRepo) Get(ctx context.Context, id int64) (User, error) {
	r.mu.RLock()
	u, ok := r.cache[id]
	r.mu.RUnlock()
	if ok {
		return u, nil
	}
	err := r.db.QueryRowContext(ctx, userQuery, id).Scan(&u.ID, &u.Name, &u.Email)
	if err != nil {
		return User{}, err
	}
	r.mu.Lock()
	r.cache[id] = u
	r.mu.Unlock()
	return u, nil
}
