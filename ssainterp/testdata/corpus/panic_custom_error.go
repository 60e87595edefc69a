// Tests unrecovered panic with a custom error type (value receiver): runtime prints Error() text.
package main

import "fmt"

type ValidationError struct {
	Field string
	Code  int
}

func (v ValidationError) Error() string {
	return fmt.Sprintf("validation failed on %s (code %d)", v.Field, v.Code)
}

func validate(n int) error {
	if n > 2 {
		return ValidationError{"n", n}
	}
	return nil
}

func main() {
	for i := range 5 {
		if err := validate(i); err != nil {
			fmt.Println("got:", err)
			panic(err)
		}
		fmt.Println("ok", i)
	}
}
