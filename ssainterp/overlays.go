package ssainterp

import (
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Overlays of standard packages other than net (netmodel.go) and
// testing/synctest (synctest.go): plain Go of the same API where the
// real implementation rests on the runtime or assembly. stdOverlay
// (load.go) gathers them all.

//go:embed overlay/signal_unix.go.txt
var signalOverlay []byte

//go:embed overlay/weak.go.txt
var weakOverlay []byte

//go:embed overlay/pprof.go.txt
var pprofOverlay []byte

// runtimeOverlay makes weak, runtime/pprof and os/signal's system half
// plain Go: weak pointers that hold their target (an execution collects
// nothing), pprof's labels without profiles (every file of
// runtime/pprof but label.go is replaced), and signals that arrive only
// from syscall.Kill (process.go).
func runtimeOverlay(overlay map[string][]byte) error {
	src := filepath.Join(runtime.GOROOT(), "src")
	overlay[filepath.Join(src, "weak", "pointer.go")] = weakOverlay
	overlay[filepath.Join(src, "os", "signal", "signal_unix.go")] = signalOverlay
	dir := filepath.Join(src, "runtime", "pprof")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("runtime/pprof: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && name != "label.go" {
			overlay[filepath.Join(dir, name)] = []byte("package pprof\n")
		}
	}
	overlay[filepath.Join(dir, "zz_mcheck_pprof.go")] = pprofOverlay
	return nil
}

// bytealgOverlay makes internal/bytealg, which the service layer's
// packages call, plain Go: its portable files (the generic ones, without
// their build constraints) are kept, the assembly-backed ones and the
// assembly emptied.
// MakeNoZero, bodiless, is modelled.
func bytealgOverlay(overlay map[string][]byte) error {
	dir := filepath.Join(runtime.GOROOT(), "src", "internal", "bytealg")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("internal/bytealg: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, ".s") { // its symbols would clash with the generic Go
			overlay[filepath.Join(dir, name)] = nil
			continue
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if name != "bytealg.go" && !strings.HasSuffix(name, "_generic.go") {
			overlay[filepath.Join(dir, name)] = []byte("package bytealg\n")
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("internal/bytealg: %v", err)
		}
		var out []string
		for _, l := range strings.Split(string(src), "\n") {
			if !strings.HasPrefix(l, "//go:build") {
				out = append(out, l)
			}
		}
		overlay[filepath.Join(dir, name)] = []byte(strings.Join(out, "\n"))
	}
	return nil
}

// overlayFile returns the go command's -overlay file for overlay,
// written once per content: in the user's cache directory (or the
// temporary one), under a name that is a hash of the overlay, where
// every later load with the same standard library and mcheck finds it.
// (Given to go/packages as Config.Overlay, the overlay's two hundred
// files were written to a new temporary directory, and removed, at every
// load.)
func overlayFile(overlay map[string][]byte) (string, error) {
	paths := slices.Sorted(maps.Keys(overlay))
	h := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(overlay[p]))
		h.Write(overlay[p])
	}
	root, err := cacheDir()
	if err != nil {
		root = filepath.Join(os.TempDir(), "mcheck")
	}
	dir := filepath.Join(root, fmt.Sprintf("overlay-%x", h.Sum(nil)[:12]))
	file := filepath.Join(dir, "overlay.json")
	name := func(i int) string { return fmt.Sprintf("%d-%s", i, filepath.Base(paths[i])) }
	complete := func() bool {
		if _, err := os.Stat(file); err != nil {
			return false
		}
		for i := range paths {
			if _, err := os.Stat(filepath.Join(dir, name(i))); err != nil {
				return false
			}
		}
		return true
	}
	if complete() {
		markUsed(file)
		return file, nil
	}
	os.RemoveAll(dir) // a directory someone emptied in part
	// Written in a directory of its own and renamed into place, so that
	// a concurrent load never reads it half written.
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, "tmp-overlay-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // left only if the rename failed
	replace := map[string]string{}
	for i, p := range paths {
		if err := os.WriteFile(filepath.Join(tmp, name(i)), overlay[p], 0o644); err != nil {
			return "", err
		}
		replace[p] = filepath.Join(dir, name(i))
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), data, 0o644); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil && !complete() {
		return "", err // not a concurrent load that got there first
	}
	return file, nil
}
