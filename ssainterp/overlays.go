package ssainterp

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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
