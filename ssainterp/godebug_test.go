package ssainterp

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGodebugDefaults: the settings whose default changed after the go
// version a module declares keep their old values, as the go command
// sets them when it links the program.
func TestGodebugDefaults(t *testing.T) {
	old := godebugDefaults("1.12")
	require.Equal(t, "0", old["randseednop"])
	require.Equal(t, "1", old["httpmuxgo121"])
	require.Equal(t, "1", godebugDefaults("1.21.3")["httpmuxgo121"])
	_, ok := godebugDefaults("1.22")["httpmuxgo121"]
	require.False(t, ok)
	require.Empty(t, godebugDefaults("1.26"))
	require.Nil(t, godebugDefaults("2.0"))
	require.Nil(t, godebugDefaults(""))
}

// TestGodebugOfModule: a program of a module that declares go 1.20 runs
// with that version's defaults, as go run has it: math/rand's Seed seeds
// the global source (randseednop=0), and ServeMux takes "GET /x" for a
// path with a space in it (httpmuxgo121=1, a 404 for GET /x): the same
// output natively and interpreted. With GODEBUG=randseednop=1 in the
// environment, Seed does nothing in either.
func TestGodebugOfModule(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module old\n\ngo 1.20\n")
	writeFile(t, filepath.Join(dir, "main.go"), `package main

import (
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
)

func main() {
	rand.Seed(7)
	a := rand.Intn(1 << 30)
	rand.Seed(7)
	fmt.Println(a == rand.Intn(1<<30))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /x", func(w http.ResponseWriter, r *http.Request) {})
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	fmt.Println(rec.Code)
}
`)
	bin := filepath.Join(dir, "old")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	prog, err := Load(LoadConfig{Dir: dir, Uncached: true}, ".")
	require.NoError(t, err)
	want := runNative(t, bin, dir)
	require.Equal(t, "true\n404\n", want.stdout)
	got, fault := runInterp(prog, "old")
	require.Empty(t, fault)
	require.Empty(t, compareRuns(want, got))

	t.Setenv("GODEBUG", "randseednop=1")
	want = runNative(t, bin, dir)
	require.Equal(t, "false\n404\n", want.stdout)
	got, fault = runInterp(prog, "old")
	require.Empty(t, fault)
	require.Empty(t, compareRuns(want, got))
}
