package ssainterp

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// knownGaps lists corpus programs the interpreter does not yet run like
// go run, with the reason. They still run: the test fails if one of them
// starts to match (so the entry is removed) or if any other program
// differs.
var knownGaps = map[string]string{}

var corpusRun = flag.String("corpus.run", "", "only corpus programs whose name matches this regexp")

// TestCorpus runs every program of testdata/corpus natively and under the
// interpreter and requires identical stdout, stderr (up to the goroutine
// traceback, which names addresses and paths) and exit status.
//
// To reproduce one program: go test ./ssainterp -run 'TestCorpus/NAME$' -v
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs: %v", err)
	}
	sort.Strings(files)
	if *corpusRun != "" {
		re := regexp.MustCompile(*corpusRun)
		var keep []string
		for _, f := range files {
			if re.MatchString(f) {
				keep = append(keep, f)
			}
		}
		files = keep
	}
	// One module with a directory per program, so that one go build and
	// one Load serve them all.
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module corpus\n\ngo 1.26\n")
	var dirs []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, name, "main.go"), string(src))
		dirs = append(dirs, "./"+name)
	}
	bin := filepath.Join(root, "bin")
	build := exec.Command("go", append([]string{"build", "-o", bin + "/"}, dirs...)...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("native build: %v\n%s", err, out)
	}
	prog, err := Load(LoadConfig{Dir: root}, dirs...)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	for _, d := range dirs {
		name := strings.TrimPrefix(d, "./")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want := runNative(t, filepath.Join(bin, name))
			got, fault := runInterp(prog, "corpus/"+name)
			diff := fault
			if diff == "" {
				diff = compareRuns(want, got)
			}
			if gap, ok := knownGaps[name]; ok {
				if diff == "" {
					t.Errorf("%s now matches go run: remove it from knownGaps (%s)", name, gap)
				}
				return
			}
			if diff != "" {
				t.Errorf("%s: %s\nreproduce: go test ./ssainterp -run 'TestCorpus/%s$' -v", name, diff, name)
			}
		})
	}
}

type runOutput struct {
	stdout, stderr string
	code           int
}

func runNative(t *testing.T, path string) runOutput {
	cmd := exec.Command(path)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("native run: %v", err)
	}
	return runOutput{out.String(), errb.String(), code}
}

// runInterp runs pkg under the interpreter; fault describes a failure of
// the interpreter itself.
func runInterp(prog *Program, pkg string) (out runOutput, fault string) {
	var stdout, stderr bytes.Buffer
	res := prog.Run(pkg, Config{Stdout: &stdout, Stderr: &stderr, Seed: 1, MaxSteps: 200_000_000})
	if res.Fault != nil {
		return out, fmt.Sprintf("interpreter fault: %v\nstdout so far:\n%s", res.Fault, stdout.String())
	}
	if res.Limit != "" {
		return out, res.Limit
	}
	return runOutput{stdout.String(), stderr.String(), res.ExitCode}, ""
}

// traceback matches where the runtime's goroutine dump begins.
var traceback = regexp.MustCompile(`(?m)^(goroutine \d+ \[|\[signal |runtime: sp=|runtime: goroutine stack exceeds)`)

// cutTraceback drops what follows the panic message: stack traces name
// addresses, paths and frames no interpreter reproduces byte for byte.
func cutTraceback(s string) string {
	if loc := traceback.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	return strings.TrimRight(s, "\n")
}

// compareRuns describes how got differs from want ("" if it does not).
func compareRuns(want, got runOutput) string {
	var b strings.Builder
	if want.stdout != got.stdout {
		fmt.Fprintf(&b, "stdout differs\n--- native\n%s\n--- interpreted\n%s\n", want.stdout, got.stdout)
	}
	if w, g := cutTraceback(want.stderr), cutTraceback(got.stderr); w != g {
		fmt.Fprintf(&b, "stderr differs\n--- native\n%s\n--- interpreted\n%s\n", w, g)
	}
	if want.code != got.code {
		fmt.Fprintf(&b, "exit status native %d, interpreted %d\n", want.code, got.code)
	}
	return b.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
