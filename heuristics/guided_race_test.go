package heuristics

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// The reports in testdata are real: race_counter.txt is go test -race on
// a counter incremented and read without a lock (the read was the
// previous access on that run), race_reorder.txt on examples/reorder's
// Reorder(5,1) run natively (two setters' writes).
func TestParseRaceReport(t *testing.T) {
	for _, c := range []struct {
		file string
		want []Location
	}{
		{"race_counter.txt", []Location{{"racy.go", 10}, {"racy.go", 7}}},
		{"race_reorder.txt", []Location{{"reorder.go", 19}, {"reorder.go", 19}}},
	} {
		b, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseRaceReport(string(b))
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, %v; want %v", c.file, got, err, c.want)
		}
	}
}

// A frame of the standard library on top of an access is skipped; an
// access with only such frames, or a text without a report, is an error.
func TestParseRaceReportErrors(t *testing.T) {
	std := `WARNING: DATA RACE
Write at 0x00c000012345 by goroutine 8:
  sync/atomic.AddInt32()
      /usr/local/go/src/sync/atomic/doc.go:100 +0x1
  example.com/m.(*T).inc()
      /home/u/m/t.go:14 +0x2

Previous read at 0x00c000012345 by main goroutine:
  example.com/m.(*T).get()
      /home/u/m/t.go:20 +0x3
==================
`
	got, err := ParseRaceReport(std)
	if want := []Location{{"t.go", 20}, {"t.go", 14}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
	for _, c := range []struct{ text, err string }{
		{"ok  	example.com/m	0.01s\n", "no race report"},
		{"WARNING: DATA RACE\nWrite at 0x00c000012345 by goroutine 8:\n  runtime.f()\n      /usr/local/go/src/runtime/x.go:3 +0x1\n\n", "no frame outside the standard library"},
		{"WARNING: DATA RACE\nWrite at 0x00c000012345 by goroutine 8:\n  example.com/m.f()\n      /home/u/m/t.go:14 +0x2\n", "found 1"},
	} {
		if _, err := ParseRaceReport(c.text); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want one saying %q", c.text, err, c.err)
		}
	}
}

// ParseRaceReports reads every race of race_reorder.txt (four, two of
// them alike in locations): the setter's read-less write/write races
// come after the checker's read of a racing write.
func TestParseRaceReports(t *testing.T) {
	b, err := os.ReadFile("testdata/race_reorder.txt")
	if err != nil {
		t.Fatal(err)
	}
	races, err := ParseRaceReports(string(b))
	if err != nil {
		t.Fatal(err)
	}
	want := []RaceGuide{
		{Locations: []Location{{"reorder.go", 19}, {"reorder.go", 23}}, Read: true},
		{Locations: []Location{{"reorder.go", 19}, {"reorder.go", 19}}},
	}
	if !reflect.DeepEqual(races, want) {
		t.Errorf("got %+v, want %+v", races, want)
	}
	first, err := ParseRaceReport(string(b))
	if err != nil || !reflect.DeepEqual(first, want[1].Locations) {
		t.Errorf("the first race: %v (%v), want %v", first, err, want[1].Locations)
	}
}
