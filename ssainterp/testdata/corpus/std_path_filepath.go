// Tests path and path/filepath pure functions: Join, Clean, Base, Dir, Ext, Split, Match, Rel, IsAbs.
package main

import (
	"fmt"
	"path"
	"path/filepath"
)

func main() {
	for _, p := range []string{"", ".", "/", "a/b/../c", "/a//b/./c/", "../../x", "a/b/c.tar.gz", "/usr/lib/", "noext", ".hidden"} {
		fmt.Printf("%-14q clean=%q base=%q dir=%q ext=%q abs=%v\n", p, path.Clean(p), path.Base(p), path.Dir(p), path.Ext(p), path.IsAbs(p))
	}
	fmt.Println(path.Join("a", "b", "../c", "/d"), path.Join("", ""), path.Join("/", "x"))
	dir, file := path.Split("static/css/main.css")
	fmt.Printf("%q %q\n", dir, file)
	for _, pat := range [][2]string{{"*.go", "main.go"}, {"*.go", "dir/main.go"}, {"a?c", "abc"}, {"[a-c]x", "bx"}, {"[!a]x", "ax"}, {"[", "x"}, {"\\*", "*"}} {
		ok, err := path.Match(pat[0], pat[1])
		fmt.Println("match", pat, ok, err)
	}
	fmt.Println(filepath.Join("dir", "sub", "..", "file.txt"), filepath.Clean("x/./y//z/.."))
	fmt.Println(filepath.Base("/a/b.txt"), filepath.Dir("/a/b.txt"), filepath.Ext("archive.tar.gz"), filepath.IsAbs("/x"), filepath.IsAbs("x"))
	for _, pair := range [][2]string{{"/a/b", "/a/b/c/d"}, {"/a/b/c", "/a/x"}, {"a", "a"}, {"/a", "b"}} {
		rel, err := filepath.Rel(pair[0], pair[1])
		fmt.Printf("Rel(%s, %s) = %q %v\n", pair[0], pair[1], rel, err)
	}
	fmt.Println(filepath.SplitList("/bin:/usr/bin::/opt"), string(filepath.Separator), string(filepath.ListSeparator))
	fmt.Println(filepath.ToSlash("a/b"), filepath.FromSlash("a/b"), filepath.VolumeName("/x"))
	ok, _ := filepath.Match("*.txt", "notes.txt")
	fmt.Println(ok, filepath.IsLocal("a/b"), filepath.IsLocal("../a"), filepath.IsLocal("/abs"))
	d, f := filepath.Split("/home/user/doc.pdf")
	fmt.Println(d, f)
	if path.Clean("a/b/../c") != "a/c" {
		panic("FAIL: Clean")
	}
}
