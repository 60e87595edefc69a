// Tests encoding/json and text/template over values the reflect model reaches natively (time.Time, netip.Addr, big.Int, RawMessage) and over structs holding a sync.Mutex, including template error messages that print such values.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/netip"
	"os"
	"strings"
	"sync"
	"text/template"
	"time"
)

type Event struct {
	At      time.Time         `json:"at"`
	Took    time.Duration     `json:"took"`
	Addr    netip.Addr        `json:"addr"`
	N       *big.Int          `json:"n"`
	Raw     json.RawMessage   `json:"raw"`
	Tags    map[string]string `json:"tags,omitempty"`
	mu      sync.Mutex
	Comment string `json:"-"`
	Sub     struct {
		A int `json:"a,string"`
	} `json:"sub"`
}

type Counter struct {
	mu sync.Mutex
	N  int
}

func (c *Counter) Inc() int { c.mu.Lock(); defer c.mu.Unlock(); c.N++; return c.N }

func main() {
	e := Event{At: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), Took: 1500 * time.Millisecond,
		Addr: netip.MustParseAddr("10.0.0.1"), N: big.NewInt(12345678901234), Raw: json.RawMessage(`{"x":[1,2]}`)}
	e.Sub.A = 7
	b, err := json.MarshalIndent(&e, "", " ")
	fmt.Println(string(b), err)
	var back Event
	err = json.Unmarshal(b, &back)
	fmt.Println(err, back.At.Equal(e.At), back.Took, back.Addr, back.N, string(back.Raw), back.Sub.A)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]any{"html": "<b>", "list": []any{1, "a", nil, 2.5, true}, "nested": map[int]string{2: "b", 1: "a"}})
	fmt.Print(buf.String())
	dec := json.NewDecoder(strings.NewReader(`{"a": 1.5e300, "b": 12345678901234567890}`))
	dec.UseNumber()
	var m map[string]any
	fmt.Println(dec.Decode(&m), m)
	c := &Counter{}
	t := template.Must(template.New("x").Parse("{{.Inc}} {{.Inc}} {{.N}} {{printf \"%05d\" .N}} {{range $i, $e := .}}{{end}}\n"))
	err = t.Execute(os.Stdout, c)
	fmt.Println(err)
	t2 := template.Must(template.New("y").Parse(`{{range .}}[{{.}}]{{else}}empty{{end}} {{with $x := "hi"}}{{$x}}{{end}} {{len "abc"}} {{slice "abcdef" 1 3}} {{html "<a>"}} {{js "x'y"}} {{urlquery "a b"}} {{call .F 3}}` + "\n"))
	err = t2.Execute(os.Stdout, map[string]any{"F": func(i int) int { return i * 2 }})
	fmt.Println(err)
	err = t2.Execute(os.Stdout, []int{})
	fmt.Println(err)
	if back.Sub.A != 7 || c.N != 2 {
		panic("FAIL: json/template round trip")
	}
}
