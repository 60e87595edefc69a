// Tests encoding/json Marshal/MarshalIndent with tags, omitempty, nested/embedded structs, maps, slices, custom MarshalJSON.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

type Base struct {
	ID      int    `json:"id"`
	Created string `json:"created,omitempty"`
}

type Status int

func (s Status) MarshalJSON() ([]byte, error) {
	return json.Marshal(strings.ToLower([]string{"ACTIVE", "INACTIVE"}[s]))
}

type Temp float64

func (t Temp) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%.1fC", float64(t))), nil }

type User struct {
	Base
	Name     string          `json:"name"`
	Email    string          `json:"email,omitempty"`
	Age      int             `json:"age,string"`
	Tags     []string        `json:"tags"`
	Addr     *Address        `json:"address,omitempty"`
	Meta     map[string]any  `json:"meta,omitempty"`
	Scores   map[string]int  `json:"scores"`
	Status   Status          `json:"status"`
	Temps    map[string]Temp `json:"temps,omitempty"`
	Secret   string          `json:"-"`
	Dash     string          `json:"-,"`
	private  int
	Raw      json.RawMessage     `json:"raw,omitempty"`
	Nested   [][]int             `json:"nested,omitempty"`
	Lookup   map[int]string      `json:"lookup,omitempty"`
	Optional *int                `json:"optional"`
	Any      any                 `json:"any"`
	Empty    struct{}            `json:"empty"`
	Bytes    []byte              `json:"bytes"`
	Ptrs     map[string]*Address `json:"ptrs,omitempty"`
}

func main() {
	u := User{
		Base:    Base{ID: 7},
		Name:    "Ann <admin> & co",
		Age:     33,
		Tags:    []string{"a", "b"},
		Addr:    &Address{Street: "Main St"},
		Meta:    map[string]any{"z": 1, "a": []int{1, 2}, "m": nil, "f": 1.5, "b": true},
		Scores:  map[string]int{"math": 90, "art": 75},
		Status:  1,
		Temps:   map[string]Temp{"mon": 21.55},
		Secret:  "hidden",
		Dash:    "dash",
		private: 1,
		Raw:     json.RawMessage(`{"pre":"computed"}`),
		Nested:  [][]int{{1}, {2, 3}},
		Lookup:  map[int]string{10: "ten", 2: "two"},
		Any:     map[string]any{"k": []any{"x", 2.5}},
		Bytes:   []byte("hi"),
	}
	b, err := json.Marshal(u)
	fmt.Println(string(b), err)
	b, _ = json.MarshalIndent(Address{"Elm", "Springfield"}, "", "  ")
	fmt.Println(string(b))
	b, _ = json.MarshalIndent(map[string][]int{"b": {1}, "a": nil}, ">", "\t")
	fmt.Println(string(b))
	var zero User
	b, _ = json.Marshal(zero)
	fmt.Println(string(b))
	for _, v := range []any{nil, 1, -2.5, 1e21, "s\u2028\"", true, []int(nil), []int{}, map[string]int(nil), [2]bool{}, 'x', uint8(255)} {
		b, err := json.Marshal(v)
		fmt.Println(string(b), err)
	}
	_, err = json.Marshal(map[bool]int{true: 1})
	fmt.Println("error:", err)
	_, err = json.Marshal(make(chan int))
	fmt.Println("error:", err)
	_, err = json.Marshal(func() {})
	fmt.Println("error:", err)
	if !json.Valid(b) {
		panic("FAIL: invalid json")
	}
}
