// Tests an unrecovered panic raised while another panic is unwinding (no recover): both are printed.
package main

import (
	"errors"
	"fmt"
)

func main() {
	defer fmt.Println("outer deferred print runs")
	defer func() {
		panic(errors.New("second failure"))
	}()
	fmt.Println("about to panic")
	panic("first failure")
}
