// Tests encoding/json Encoder (SetIndent, SetEscapeHTML), Decoder tokens, UseNumber, generic types, embedded pointers.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Page[T any] struct {
	Items []T  `json:"items"`
	Next  *int `json:"next,omitempty"`
}

type Meta struct {
	Version string `json:"version"`
}

type Resp struct {
	*Meta
	Status string `json:"status"`
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(map[string]string{"html": "<b>&</b>"})
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]string{"html": "<b>&</b>"})
	enc.SetIndent("", " ")
	n := 2
	enc.Encode(Page[string]{Items: []string{"a", "b"}, Next: &n})
	enc.SetIndent("", "")
	enc.Encode(Page[Meta]{Items: []Meta{{"v1"}}})
	enc.Encode(Resp{&Meta{"v2"}, "ok"})
	enc.Encode(Resp{nil, "no meta"})
	var p Page[int]
	json.Unmarshal([]byte(`{"items":[1,2,3],"next":9}`), &p)
	fmt.Println(p.Items, *p.Next)
	var r Resp
	json.Unmarshal([]byte(`{"version":"v9","status":"fine"}`), &r)
	fmt.Println(r.Version, r.Status)
	dec := json.NewDecoder(strings.NewReader(`{"a":[1,"x",true,null,{"b":2.5}],"c":{}}`))
	for {
		tok, err := dec.Token()
		if err != nil {
			fmt.Println("end:", err)
			break
		}
		fmt.Printf("%T %v more=%v\n", tok, tok, dec.More())
	}
	d2 := json.NewDecoder(strings.NewReader(`{"big":12345678901234567890,"f":1.0}`))
	d2.UseNumber()
	var m map[string]any
	d2.Decode(&m)
	num := m["big"].(json.Number)
	_, ierr := num.Int64()
	fmt.Println(num, num.String(), ierr, m["f"])
	var arr [2]int
	err := json.Unmarshal([]byte(`[1,2,3]`), &arr)
	fmt.Println(arr, err)
	var iface any = &struct{ X int }{}
	json.Unmarshal([]byte(`{"X":5}`), iface)
	fmt.Println(iface.(*struct{ X int }).X)
	b, _ := json.Marshal(struct {
		F float64
		G float64
		H float32
	}{1e-7, 123456789, 0.1})
	fmt.Println(string(b))
	if p.Items[2] != 3 {
		panic("FAIL: generic json")
	}
}
