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
