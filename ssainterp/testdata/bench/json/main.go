// Command json marshals and unmarshals a small tagged struct 200 times
// with encoding/json, which the interpreter runs from SSA over its reflect
// model (benchmark workload, reported apart from the five).
package main

import (
	"encoding/json"
	"fmt"
)

type rec struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Score float64  `json:"score"`
}

func run() int {
	n := 0
	for i := 0; i < 200; i++ {
		b, err := json.Marshal(rec{ID: i, Name: "rec", Tags: []string{"a", "b"}, Score: 1.5})
		if err != nil {
			panic(err)
		}
		var r rec
		if err := json.Unmarshal(b, &r); err != nil {
			panic(err)
		}
		n += len(b) + r.ID
	}
	return n
}

func main() { fmt.Println(run()) }
