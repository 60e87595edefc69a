// Tests html/template contextual escaping in HTML text, attributes, URLs and JS, plus template.HTML.
package main

import (
	"html/template"
	"os"
)

type Data struct {
	Title string
	URL   string
	Name  string
	Safe  template.HTML
	Items []string
	JS    map[string]int
}

const page = `<h1>{{.Title}}</h1>
<a href="/search?q={{.Name}}" title="{{.Title}}">link</a>
<a href="{{.URL}}">user url</a>
<script>var data = {{.JS}}; var name = {{.Name}};</script>
<ul>{{range .Items}}<li>{{.}}</li>{{end}}</ul>
{{.Safe}}
`

func main() {
	t := template.Must(template.New("page").Parse(page))
	d := Data{
		Title: `Tom & "Jerry" <show>`,
		URL:   "javascript:alert(1)",
		Name:  "a b&c='d'",
		Safe:  template.HTML("<em>trusted</em>"),
		Items: []string{"<one>", "two's"},
		JS:    map[string]int{"b": 2, "a": 1},
	}
	if err := t.Execute(os.Stdout, d); err != nil {
		panic(err)
	}
	d.URL = "https://example.com/path?x=1&y=<2>"
	t2 := template.Must(template.New("u").Parse(`<a href="{{.URL}}">{{.URL}}</a>` + "\n"))
	t2.Execute(os.Stdout, d)
}
