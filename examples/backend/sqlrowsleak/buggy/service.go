// Package sqlrowsleak is the invoice repository of a billing service.
package sqlrowsleak

import (
	"context"
	"database/sql"
	"errors"
)

type Invoice struct {
	ID     int64
	Amount int64 // cents
}

var ErrNotFound = errors.New("no overdue invoice")

type Repo struct {
	db *sql.DB
}

func NewRepo(db *sql.DB) *Repo { return &Repo{db: db} }

const overdueQuery = `SELECT id, amount FROM invoices WHERE customer = ? AND paid = 0 ORDER BY due`

// OldestOverdue returns the customer's oldest unpaid invoice.
func (r *Repo) OldestOverdue(ctx context.Context, customer string) (Invoice, error) {
	rows, err := r.db.QueryContext(ctx, overdueQuery, customer)
	if err != nil {
		return Invoice{}, err
	}
	for rows.Next() {
		var inv Invoice
		if err := rows.Scan(&inv.ID, &inv.Amount); err != nil {
			return Invoice{}, err
		}
		return inv, nil
	}
	if err := rows.Err(); err != nil {
		return Invoice{}, err
	}
	return Invoice{}, ErrNotFound
}
