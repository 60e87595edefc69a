// Variables initialised by //go:embed (package embed): a string, a
// []byte and an embed.FS hold this file's source before any package
// initialisation runs, as protobuf-go's editions defaults are embedded.
package main

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed main.go
var src string

//go:embed "main.go"
var srcBytes []byte

var (
	//go:embed *.go
	files embed.FS

	//go:embed main.go
	again []byte
)

var firstLine = strings.SplitN(src, "\n", 2)[0] // initialised after the embedding

func main() {
	fmt.Println(firstLine)
	fmt.Println(len(src) > 100, len(src) == len(srcBytes), bytes.Equal(srcBytes, again), string(srcBytes) == src)
	srcBytes[0] = 'X' // each []byte variable has its own copy
	fmt.Println(string(again[:2]), string(srcBytes[:2]))
	b, err := files.ReadFile("main.go")
	fmt.Println(string(b) == src, err)
	_, err = files.ReadFile("other.go")
	fmt.Println(err)
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		fmt.Println(e.Name(), e.IsDir())
	}
	fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println("walk", p, d.IsDir(), err)
		return nil
	})
	var zero embed.FS
	_, err = zero.Open("main.go")
	fmt.Println(err)
}
