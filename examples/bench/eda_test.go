package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadFigLogs: Figure 4 takes the blank-model EDA runs of every log
// format (figure, Table I, the warm start's cold runs) and nothing else;
// a seed counts once, as found if any log found it.
func TestReadFigLogs(t *testing.T) {
	dir := t.TempDir()
	a := `figure: DiningPhil(24) eda seed 1: found false, 10040 executions, 1m30s
figure: DiningPhil(24) eda seed 2: found true, 5372 executions, 50s
DiningPhil(8) eda seed 1: found true, 704 executions, 1.2s
DiningPhil(8) random seed 1: found false, 20000 executions, 30s
warm: DiningPhil(32) cold seed 4: found true, 8274 executions, 11.733s
warm: DiningPhil(32) warm seed 4: found true, 5000 executions, 9s
`
	b := `figure: DiningPhil(24) eda seed 1: found true, 12001 executions, 2m0s
figure: DiningPhil(24) eda seed 2: found true, 5372 executions, 20s
`
	var files []string
	for i, s := range []string{a, b} {
		f := filepath.Join(dir, string(rune('a'+i))+".log")
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	runs := readFigLogs(files)
	if len(runs) != 3 || len(runs[8]) != 1 || len(runs[32]) != 1 || len(runs[24]) != 2 {
		t.Fatalf("%v", runs)
	}
	if r := runs[32][0]; r.executions != 8274 || !r.found {
		t.Errorf("DiningPhil(32): %+v, want the cold run", r)
	}
	if r := runs[24][0]; !r.found || r.executions != 12001 {
		t.Errorf("DiningPhil(24) seed 1: %+v, want the run that found it", r)
	}
	if r := runs[24][1]; r.elapsed.Seconds() != 50 {
		t.Errorf("DiningPhil(24) seed 2: %+v, want the first logged", r)
	}
}
