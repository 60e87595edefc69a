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

// TestWilcoxon: the signed-rank test of the warm start's 20 pairs
// measured on 2026-11-27 (DiningPhil(32), warm from DiningPhil(8)'s
// model against cold, seeds 1-20): W+ = 29 of 210, z = -2.84, p = 0.0045
// (computed by hand in Python with the same approximation); the test is
// symmetric, and equal samples give 1.
func TestWilcoxon(t *testing.T) {
	cold := []float64{9986, 9642, 9322, 8274, 7793, 6499, 14955, 9053, 7767, 14336, 8402, 9068, 12327, 8326, 6906, 8292, 11076, 8838, 8828, 11751}
	warm := []float64{5077, 7206, 8672, 13479, 4976, 5919, 4363, 4480, 8153, 6267, 5749, 5455, 9707, 4030, 6433, 11033, 7360, 7678, 7261, 8266}
	if p := wilcoxon(warm, cold); p < 0.0044 || p > 0.0046 {
		t.Errorf("p = %.5f, want 0.0045", p)
	}
	if p, q := wilcoxon(warm, cold), wilcoxon(cold, warm); p != q {
		t.Errorf("not symmetric: %v %v", p, q)
	}
	if p := wilcoxon(cold, cold); p != 1 {
		t.Errorf("equal samples: p = %v", p)
	}
}

// TestQuartiles: Figure 4's table gives the box that gonum's box plot
// draws (examples/bench/plot): the quartiles are the medians of the two
// halves, the upper half of an odd count holding the median.
func TestQuartiles(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want [5]float64
	}{
		{[]float64{7}, [5]float64{7, 7, 7, 7, 7}},
		{[]float64{4, 1, 3, 2}, [5]float64{1, 1.5, 2.5, 3.5, 4}},
		{[]float64{5, 1, 4, 2, 3}, [5]float64{1, 1.5, 3, 4, 5}},
	} {
		lo, q1, med, q3, hi := quartiles(c.xs)
		if got := [5]float64{lo, q1, med, q3, hi}; got != c.want {
			t.Errorf("quartiles(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}
