// Tests encoding/json Unmarshal into structs, maps, slices, interfaces; custom UnmarshalJSON; error messages.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type Level int

func (l *Level) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("level must be a string: %w", err)
	}
	switch strings.ToLower(s) {
	case "low":
		*l = 1
	case "high":
		*l = 3
	default:
		return fmt.Errorf("unknown level %q", s)
	}
	return nil
}

type Config struct {
	Name    string            `json:"name"`
	Points  []Point           `json:"points"`
	Labels  map[string]string `json:"labels"`
	Level   Level             `json:"level"`
	Ptr     *Point            `json:"ptr"`
	Extra   any               `json:"extra"`
	Count   uint8             `json:"count"`
	Enabled bool              `json:"enabled"`
}

func main() {
	data := `{"name":"cfg","points":[{"x":1,"y":2},{"x":3}],"labels":{"b":"2","a":"1"},
	"level":"HIGH","ptr":{"x":9,"y":9},"extra":{"n":1,"arr":[1,"two",null,true]},"count":200,"enabled":true,"unknown":5}`
	var c Config
	err := json.Unmarshal([]byte(data), &c)
	fmt.Println("err:", err)
	fmt.Printf("%+v\n", c.Points)
	fmt.Println(c.Name, c.Labels, c.Level, *c.Ptr, c.Count, c.Enabled)
	extra := c.Extra.(map[string]any)
	keys := make([]string, 0)
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("extra[%s] = %v (%T)\n", k, extra[k], extra[k])
	}
	var anyV any
	json.Unmarshal([]byte(`[1, 2.5, "s", {"k": null}]`), &anyV)
	fmt.Printf("%v %T\n", anyV, anyV.([]any)[0])
	bad := []string{
		`{"name": 5}`,
		`{"points": "nope"}`,
		`{"level": "medium"}`,
		`{"level": 3}`,
		`{"count": 300}`,
		`{"name": "x"`,
		`{"name": "x"}}`,
		`not json`,
		``,
		`{"enabled": "yes"}`,
	}
	for _, in := range bad {
		var cc Config
		err := json.Unmarshal([]byte(in), &cc)
		fmt.Printf("%-22s -> %v\n", in, err)
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		if errors.As(err, &se) {
			fmt.Println("   syntax error at offset", se.Offset)
		}
		if errors.As(err, &te) {
			fmt.Println("   type error: value", te.Value, "field", te.Field, "type", te.Type)
		}
	}
	var nilTarget any
	err = json.Unmarshal([]byte(`{}`), nilTarget)
	fmt.Println("nil target:", err)
	var notPtr any = Config{}
	err = json.Unmarshal([]byte(`{}`), notPtr)
	fmt.Println("non-pointer:", err)
	dec := json.NewDecoder(strings.NewReader(`{"x":1} {"x":2} {"x":3,"z":0}`))
	dec.DisallowUnknownFields()
	for {
		var p Point
		if err := dec.Decode(&p); err != nil {
			fmt.Println("decode stop:", err)
			break
		}
		fmt.Println("decoded", p)
	}
	var m map[string]int
	json.Unmarshal([]byte(`{"b":2,"a":1}`), &m)
	fmt.Println(m)
	if c.Level != 3 || len(c.Points) != 2 {
		panic("FAIL: unmarshal")
	}
}
