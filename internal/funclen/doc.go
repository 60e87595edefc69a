// Package funclen holds only a test: no function of the module outside
// generated code and tests is over 100 lines (STYLE.md: one function,
// one screen), but the exceptions listed there with their reasons.
package funclen
