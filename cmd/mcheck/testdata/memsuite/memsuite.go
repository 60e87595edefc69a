// Package memsuite is a test suite in which one test allocates without
// bound (its log is never trimmed) and another has a data race: mcheck
// test must report the first as a test it could not run, still explore
// the others, and exit with 1 for the race.
package memsuite

import "strconv"

// Log keeps every line it is given; nothing ever trims it.
type Log struct{ lines []string }

// Add appends a numbered line.
func (l *Log) Add(i int) { l.lines = append(l.lines, "line "+strconv.Itoa(i)) }

// Counter counts events; Inc has no lock (the race).
type Counter struct{ n int }

// Inc adds one.
func (c *Counter) Inc() { c.n++ }
