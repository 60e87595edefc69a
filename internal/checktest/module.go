package checktest

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Root returns the root directory of the mcheck module.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// TempModule copies the fixture directories dirs (relative to the mcheck
// module's root) into a new module "fixture" in a temporary directory,
// each under its base name, with mcheck replaced by this checkout, and
// returns the module's directory: tests run go test and mcheck test
// there without writing into the source tree. files, if given, adds
// files (path in the module: contents).
func TempModule(t testing.TB, files map[string]string, dirs ...string) string {
	t.Helper()
	root, tmp := Root(), t.TempDir()
	gomod := "module fixture\n\ngo 1.26.0\n\nrequire github.com/mcheck-dev/mcheck v0.0.0\n\nreplace github.com/mcheck-dev/mcheck => " + root + "\n"
	src, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	// mcheck's own requirements, so that its packages build offline.
	if _, reqs, ok := strings.Cut(string(src), "\nrequire"); ok {
		gomod += "\nrequire" + reqs
	}
	write := func(path, data string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(tmp, "go.mod"), gomod)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(tmp, "go.sum"), string(sum))
	for _, d := range dirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(filepath.Join(root, d), path)
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			write(filepath.Join(tmp, filepath.Base(d), rel), string(b))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		write(filepath.Join(tmp, name), data)
	}
	return tmp
}
