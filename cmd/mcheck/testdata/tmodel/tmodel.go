// Package tmodel holds tests that use the testing package's features
// (Short, Verbose, Context, Setenv, TempDir, Cleanup, Deadline) and read
// standard input, for mcheck test's tests in cmd/mcheck. Each checks
// itself as go test has it.
package tmodel

import (
	"io"
	"os"
)

// ReadInput reads all of standard input.
func ReadInput() (string, error) {
	b, err := io.ReadAll(os.Stdin)
	return string(b), err
}

// DB is a resource that parallel subtests share.
type DB struct{ open bool }

// Open opens a DB.
func Open() *DB { return &DB{open: true} }

// Close closes db.
func (db *DB) Close() { db.open = false }

// Query reports whether db could answer.
func (db *DB) Query() bool { return db.open }
