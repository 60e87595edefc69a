// Command plain uses testify's assert and no YAML assertion
// (TestTestifyYAML): testify's YAML packages are not interpreted.
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
	fmt.Println("equal:", assert.Equal(recorder{&n}, 2, 1+1))
	fmt.Println("not equal:", assert.Equal(recorder{&n}, 2, 3))
	fmt.Println("failures:", n)
}
