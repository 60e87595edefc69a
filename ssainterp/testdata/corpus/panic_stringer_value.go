// Tests unrecovered panic with a Stringer value and with a named basic type: printing forms.
package main

import "fmt"

type Level int

func (l Level) String() string { return fmt.Sprintf("Level-%d", int(l)) }

type Code uint16

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered named uint16:", r)
		fmt.Printf("%T\n", r)
		panic(Level(3))
	}()
	panic(Code(500))
}
