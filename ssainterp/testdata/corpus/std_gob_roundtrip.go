// Tests encoding/gob encode/decode round trips of structs, maps, slices, interfaces with Register.
package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"sort"
)

type Shape interface{ Area() float64 }

type Square struct{ S float64 }

func (s Square) Area() float64 { return s.S * s.S }

type Doc struct {
	Title  string
	Pages  int
	Tags   []string
	Scores map[string]float64
	Nested *Doc
	Shape  Shape
	skip   int
}

func main() {
	gob.Register(Square{})
	in := Doc{Title: "gob", Pages: 3, Tags: []string{"x", "y"}, Scores: map[string]float64{"a": 1.5, "b": 2},
		Nested: &Doc{Title: "child", Pages: 1}, Shape: Square{3}, skip: 9}
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := enc.Encode(in); err != nil {
		panic(err)
	}
	enc.Encode(Doc{Title: "second"})
	dec := gob.NewDecoder(&buf)
	var out, out2 Doc
	err := dec.Decode(&out)
	fmt.Println("decode err:", err)
	fmt.Println(out.Title, out.Pages, out.Tags, out.Nested.Title, out.Nested.Nested == nil, out.Shape.Area(), out.skip)
	keys := make([]string, 0)
	for k := range out.Scores {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, out.Scores[k])
	}
	fmt.Println(dec.Decode(&out2), out2.Title, out2.Tags == nil)
	fmt.Println("third decode:", dec.Decode(&out2))
	var nums []int
	var b2 bytes.Buffer
	gob.NewEncoder(&b2).Encode([]int{1, -2, 300})
	gob.NewDecoder(&b2).Decode(&nums)
	fmt.Println(nums)
	var wrong struct{ Title int }
	var b3 bytes.Buffer
	gob.NewEncoder(&b3).Encode(Doc{Title: "t"})
	err = gob.NewDecoder(&b3).Decode(&wrong)
	fmt.Println("type mismatch:", err)
	if out.Nested.Title != "child" {
		panic("FAIL: gob")
	}
}
