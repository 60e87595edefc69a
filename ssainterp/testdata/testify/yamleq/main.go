// Command yamleq calls testify's YAMLEq (TestTestifyYAML): testify's
// YAML packages are interpreted.
package main

import (
	"fmt"

	"github.com/stretchr/testify/assert"
)

// recorder is an assert.TestingT that counts the failures.
type recorder struct{ failures *int }

func (r recorder) Errorf(string, ...any) { *r.failures++ }

func main() {
	var n int
	fmt.Println("same:", assert.YAMLEq(recorder{&n}, "a: 1\nb: [x, y]\n", "b: [x, y]\na: 1\n"))
	fmt.Println("different:", assert.YAMLEq(recorder{&n}, "a: 1\n", "a: 2\n"))
	fmt.Println("failures:", n)
}
