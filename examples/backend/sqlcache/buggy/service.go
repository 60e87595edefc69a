// Package sqlcache is a user repository with a read-through cache: user
// records change rarely, so each is read from the database once.
package sqlcache

import (
	"context"
	"database/sql"
)

type User struct {
	ID    int64
	Name  string
	Email string
}

type UserRepo struct {
	db    *sql.DB
	cache map[int64]User
}

func NewUserRepo(db *sql.DB) *UserRepo {
	return &UserRepo{db: db, cache: make(map[int64]User)}
}

const userQuery = `SELECT id, name, email FROM users WHERE id = ?`

// Get returns the user with the given id.
func (r *UserRepo) Get(ctx context.Context, id int64) (User, error) {
	if u, ok := r.cache[id]; ok {
		return u, nil
	}
	var u User
	err := r.db.QueryRowContext(ctx, userQuery, id).Scan(&u.ID, &u.Name, &u.Email)
	if err != nil {
		return User{}, err
	}
	r.cache[id] = u
	return u, nil
}
