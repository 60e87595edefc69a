// Tests unrecovered panic with an error created by fmt.Errorf wrapping another error.
package main

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

func lookup(k string) error {
	return fmt.Errorf("lookup %q: %w", k, ErrNotFound)
}

func main() {
	err := lookup("key")
	fmt.Println("is not found:", errors.Is(err, ErrNotFound))
	panic(err)
}
