// Tests unrecovered panic with a pointer-receiver custom error type.
package main

import (
	"errors"
	"fmt"
)

type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *OpError) Unwrap() error { return e.Err }

func main() {
	base := errors.New("disk full")
	err := &OpError{"write", base}
	fmt.Println("unwraps to base:", errors.Is(err, base))
	var oe *OpError
	fmt.Println("As:", errors.As(fmt.Errorf("wrapped: %w", err), &oe), oe.Op)
	panic(err)
}
