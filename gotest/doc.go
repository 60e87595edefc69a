// Package gotest will hold the go test integration: flags, finding the SSA
// function behind a Go func value, reporting through testing.T and the saved
// failure corpus. Not yet built.
package gotest
