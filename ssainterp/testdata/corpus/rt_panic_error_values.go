// Tests how the runtime prints unrecovered panic values of assorted basic kinds, via a chain of re-panics.
package main

import "fmt"

type Name string

func main() {
	defer func() {
		fmt.Println("last recover:", recover())
		defer func() {
			fmt.Println("recovered complex:", recover())
			defer func() {
				fmt.Println("recovered bool:", recover())
				panic(Name("named string value"))
			}()
			panic(true)
		}()
		panic(complex(1, 2))
	}()
	panic(uint64(18446744073709551615))
}
