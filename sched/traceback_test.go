package sched

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTracebackMatchesGo runs testdata/traceback, which deadlocks with
// goroutines blocked in a receive, a send, a lock, a select and a method
// with arguments, natively (go run, in a temporary directory) and under
// mcheck, and requires the same goroutine dump: the goroutines in the
// same order with the same header ("goroutine 1 [chan receive]:", the
// ids of the others as mcheck numbers them), and for each the first
// frame of package main spelt alike ("main.main()",
// "main.(*box).wait(...)") at the same file and line. The runtime's own
// frames (sync.(*Mutex).Lock, internal/sync), its +0x offsets and its
// "created by" lines are left out of the comparison.
func TestTracebackMatchesGo(t *testing.T) {
	src, err := os.ReadFile("testdata/traceback/main.go")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module traceback\n\ngo 1.26\n"), 0o644))
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.Error(t, err, "the program deadlocks natively")
	native := dump(string(out))

	rep, err := Explore(target(t, "traceback"), Options{Seed: 1, Executions: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, GlobalDeadlock, rep.Failure.Kind)
	ours := dump(rep.Failure.Stderr)

	require.Len(t, native, 5, "native dump:\n%s", out)
	require.Equal(t, "goroutine 1 [chan receive]:", native[0].header)
	require.Equal(t, len(native), len(ours), "mcheck's dump:\n%s", rep.Failure.Stderr)
	for i := range native {
		if i > 0 { // the runtime's own goroutines take ids before the program's
			native[i].header = ours[i].header[:strings.Index(ours[i].header, " [")] + native[i].header[strings.Index(native[i].header, " ["):]
		}
		require.Equal(t, native[i], ours[i], "goroutine %d of the dumps:\nnative:\n%s\nmcheck:\n%s", i+1, out, rep.Failure.Stderr)
	}
	require.Equal(t, frame{"goroutine 1 [chan receive]:", "main.main()", "main.go:32"}, ours[0])
	require.Equal(t, "main.(*box).wait(...)", ours[4].function)
}

// frame is a goroutine of a dump: its header, and its first frame of
// package main with the base name of the file and the line.
type frame struct {
	header, function, at string
}

var location = regexp.MustCompile(`^\t(.*):(\d+)( \+0x[0-9a-f]+)?$`)

// dump parses a goroutine dump as Go's runtime prints it.
func dump(text string) []frame {
	var gs []frame
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "goroutine ") && strings.HasSuffix(l, ":") {
			gs = append(gs, frame{header: l})
			continue
		}
		if len(gs) == 0 || gs[len(gs)-1].function != "" || !strings.HasPrefix(l, "main.") || i+1 == len(lines) {
			continue
		}
		if m := location.FindStringSubmatch(lines[i+1]); m != nil {
			gs[len(gs)-1].function, gs[len(gs)-1].at = l, filepath.Base(m[1])+":"+m[2]
		}
	}
	return gs
}
