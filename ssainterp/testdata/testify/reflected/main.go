// Command reflected calls testify's YAML assertion through reflection,
// by a name its source does not spell (TestTestifyYAML): under mcheck
// that call is an error that says why.
package main

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/stretchr/testify/assert"
)

// recorder is an assert.TestingT that ignores the failures.
type recorder struct{}

func (recorder) Errorf(string, ...any) {}

func main() {
	a := assert.New(recorder{})
	m := reflect.ValueOf(a).MethodByName(strings.ToUpper("yaml") + "Eq")
	fmt.Println(m.Call([]reflect.Value{reflect.ValueOf("a: 1"), reflect.ValueOf("a: 1")})[0])
}
