package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestPickReadsTables: the plot reads the value column by name from the
// tables under the heading asked for, skips cells without a number (and
// zeros, unless asked), a later table's row replaces an earlier one's,
// and both kinds of picture are drawn.
func TestPickReadsTables(t *testing.T) {
	md := `# Bench

### Table 2: races

| component | environment | found | executions to error |
|---|---|---:|---:|
| hashmap | parallel prefixes | 10/10 | 104 ± 77 |
| hashmap | sensitive composition | 10/10 | 143 ± 89 |

### Table 3: deadlocks

| component | environment | found | executions to error |
|---|---|---:|---:|
| pessimistic | parallel prefixes | does not apply | |
| pessimistic | random environments, restarts | 10/10 | 107 ± 39 |
| pessimistic | sensitive composition | 0/10 | 0 |

## Later

| environment | executions to error | component |
|---|---|---|
| random environments, restarts | 99 | pessimistic |
`
	file := filepath.Join(t.TempDir(), "t.md")
	if err := os.WriteFile(file, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	tables, err := readTables(file)
	if err != nil || len(tables) != 3 {
		t.Fatalf("%d tables, %v", len(tables), err)
	}
	d, err := pick("Table 2", "environment", "component", "executions to error")(tables)
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]string]float64{{"parallel prefixes", "hashmap"}: 104, {"sensitive composition", "hashmap"}: 143}
	if !reflect.DeepEqual(d.val, want) {
		t.Errorf("Table 2: %v, want %v", d.val, want)
	}
	d, err = pick("", "environment", "component", "executions to error")(tables)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.val[[2]string{"random environments, restarts", "pessimistic"}]; got != 99 || len(d.val) != 3 {
		t.Errorf("all tables: %v", d.val)
	}
	if _, err := pick("Table 9", "environment", "component", "executions to error")(tables); err == nil {
		t.Errorf("no error for a heading that is not there")
	}
	for _, heat := range []bool{false, true} {
		if err := d.save(figure{title: "t", x: "x", heat: heat}, filepath.Join(t.TempDir(), "t.png")); err != nil {
			t.Error(err)
		}
	}
	// Zeros count where a table's zero is a measurement (error density).
	d, err = pickFrom("", "environment", "component", "executions to error", 0)(tables)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := d.val[[2]string{"sensitive composition", "pessimistic"}]; !ok || v != 0 || len(d.val) != 4 {
		t.Errorf("with zeros: %v", d.val)
	}
}

// TestThousands: Figure 4's axis is labelled in whole numbers at a round
// step, at most eight labels, with a minor tick between.
func TestThousands(t *testing.T) {
	for _, hi := range []float64{900, 4000, 30000, 250000} {
		var labels []string
		for _, tk := range (thousands{}).Ticks(0, hi) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if len(labels) < 1 || len(labels) > 9 || labels[0] != "0" {
			t.Errorf("0 to %v: %v", hi, labels)
		}
	}
	if got := (thousands{}).Ticks(0, 30000); got[2].Label != "5000" || got[1].Label != "" || got[1].Value != 2500 {
		t.Errorf("0 to 30000: %v", got[:3])
	}
}

// TestFig4: eda_fig4.tsv is read in order, a size without runs that
// found the deadlock keeps its place, and the figure is drawn.
func TestFig4(t *testing.T) {
	dir := t.TempDir()
	data := "# comment\n4\t1\t27\t56\n8\n12\t509\n"
	if err := os.WriteFile(filepath.Join(dir, "eda_fig4.tsv"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := readFig4(filepath.Join(dir, "eda_fig4.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.sizes, []int{4, 8, 12}) || len(d.execs[4]) != 3 || len(d.execs[8]) != 0 || d.execs[12][0] != 509 {
		t.Errorf("read %+v", d)
	}
	if err := drawFig4(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "eda_fig4.png")); err != nil {
		t.Error(err)
	}
}
