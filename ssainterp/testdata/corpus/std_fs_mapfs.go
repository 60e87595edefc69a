// Tests io/fs with an in-memory testing/fstest.MapFS: ReadFile, ReadDir, WalkDir, Glob, Stat, Sub, errors.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"testing/fstest"
)

func main() {
	fsys := fstest.MapFS{
		"readme.md":           {Data: []byte("# title\n")},
		"src/main.go":         {Data: []byte("package main\n")},
		"src/util/strings.go": {Data: []byte("package util\n")},
		"src/util/num.go":     {Data: []byte("package util // numbers\n")},
		"docs/a.txt":          {Data: []byte("A")},
		"docs/b.txt":          {Data: []byte("BB")},
		"empty":               {Mode: fs.ModeDir},
	}
	b, err := fs.ReadFile(fsys, "src/main.go")
	fmt.Printf("%q %v\n", b, err)
	_, err = fs.ReadFile(fsys, "missing.txt")
	fmt.Println(err, errors.Is(err, fs.ErrNotExist))
	entries, _ := fs.ReadDir(fsys, "src")
	for _, e := range entries {
		fmt.Println("entry:", e.Name(), e.IsDir())
	}
	fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "docs" {
			fmt.Println("skip dir:", path)
			return fs.SkipDir
		}
		fmt.Println("walk:", path, d.IsDir())
		return nil
	})
	matches, err := fs.Glob(fsys, "src/*/*.go")
	fmt.Println("glob:", matches, err)
	info, err := fs.Stat(fsys, "docs/b.txt")
	fmt.Println("stat:", info.Name(), info.Size(), info.IsDir(), info.Mode(), err)
	sub, _ := fs.Sub(fsys, "src/util")
	sb, err := fs.ReadFile(sub, "num.go")
	fmt.Printf("sub: %q %v\n", sb, err)
	_, err = fs.ReadFile(fsys, "../escape")
	fmt.Println("invalid path:", err, errors.Is(err, fs.ErrInvalid))
	fmt.Println(fs.ValidPath("a/b"), fs.ValidPath("/a"), fs.ValidPath("a/../b"), fs.ValidPath("."))
	fmt.Println(fs.ModeDir|0o755, fs.FileMode(0o644))
	f, _ := fsys.Open("docs/a.txt")
	buf := make([]byte, 10)
	n, _ := f.Read(buf)
	f.Close()
	fmt.Println("opened read:", string(buf[:n]))
}
