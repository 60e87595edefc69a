// Tests text/template: fields, range, if/else, with, pipelines, functions, nested templates, errors.
package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Tags  []string
}

func (i Item) Expensive() bool { return i.Price > 10 }

type Order struct {
	ID       int
	Customer string
	Items    []Item
	Notes    map[string]string
	Discount *float64
}

const tmpl = `Order #{{.ID}} for {{.Customer | upper}}
{{range $i, $it := .Items}}{{$i}}. {{$it.Name}} ${{printf "%.2f" $it.Price}}{{if $it.Expensive}} (expensive){{end}}{{with $it.Tags}} tags={{join . ","}}{{else}} no tags{{end}}
{{end}}{{range $k, $v := .Notes}}note {{$k}}: {{$v}}
{{end}}{{if .Discount}}discount {{.Discount}}{{else}}no discount{{end}}
{{template "footer" .}}
{{define "footer"}}-- {{len .Items}} items, total {{total .Items | printf "%.2f"}} --{{end}}`

func main() {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
		"total": func(items []Item) float64 {
			s := 0.0
			for _, it := range items {
				s += it.Price
			}
			return s
		},
	}
	t := template.Must(template.New("order").Funcs(funcs).Parse(tmpl))
	o := Order{
		ID:       42,
		Customer: "ann",
		Items:    []Item{{"pen", 1.5, nil}, {"book", 12.25, []string{"paper", "used"}}, {"lamp", 30, []string{"light"}}},
		Notes:    map[string]string{"z-last": "fragile", "a-first": "gift"},
	}
	if err := t.Execute(os.Stdout, o); err != nil {
		fmt.Println("exec error:", err)
	}
	fmt.Println()
	small := template.Must(template.New("s").Parse(`{{.}} {{printf "%q" .}} {{len .}} {{index . 1 | printf "%c"}} {{eq . "hey"}} {{and 1 0}} {{or 0 "x"}} {{not true}} {{lt 1 2}}` + "\n"))
	small.Execute(os.Stdout, "hey")
	_, err := template.New("bad").Parse("{{.Foo")
	fmt.Println("parse error:", err)
	bad := template.Must(template.New("missing").Option("missingkey=error").Parse("{{.missing}}\n"))
	err = bad.Execute(os.Stdout, map[string]int{"present": 1})
	fmt.Println("exec error:", err)
	err = template.Must(template.New("nofield").Parse("{{.Nope}}")).Execute(os.Stdout, o)
	fmt.Println("\nfield error:", err)
	var sb strings.Builder
	template.Must(template.New("ws").Parse("a  {{- 1 -}}  b {{/* comment */}}c\n")).Execute(&sb, nil)
	fmt.Print(sb.String())
	fmt.Println(template.HTMLEscapeString("<a href='x'>&</a>"), template.JSEscapeString(`"quote" </script>`))
}
