package heuristics

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// raceAccess matches the header of an access of a race report: "Write at
// 0x00c000094188 by goroutine 7:", "Previous read at ... by main
// goroutine:", "Read (atomic) at ...".
var raceAccess = regexp.MustCompile(`^(Previous )?(?i:read|write)( \(atomic\))? at 0x[0-9a-f]+ by (goroutine \d+|main goroutine):$`)

// raceFrameFile matches the file line of a frame: "      /src/x/a.go:12 +0x7d".
var raceFrameFile = regexp.MustCompile(`^\s+(\S.*):(\d+)( \+0x[0-9a-f]+)?$`)

// ParseRaceReport reads the first data race of a report that go test
// -race (or any binary built with -race) printed and returns the
// sequence guided test follows to reproduce it: the top frame outside the
// standard library of the previous access, then of the current one (the
// report names the current access first). Locations are base names of
// files, as mcheck's positions are. A text with no race report, or an
// access without a frame of the program's own, is an error.
func ParseRaceReport(text string) ([]Location, error) {
	races, err := parseRaces(text, true)
	if err != nil {
		return nil, err
	}
	return races[0].Locations, nil
}

// A RaceGuide is one data race of a race report: the sequence of its two
// accesses (ParseRaceReport's), and whether one of them is a read.
type RaceGuide struct {
	Locations []Location
	Read      bool
}

// ParseRaceReports reads every data race of a report, as
// ParseRaceReport reads the first, each once: the races with a read
// first (a read that sees a racing write is where wrong values come
// from; two writes of one value are often harmless), then the others,
// each group in the report's order.
func ParseRaceReports(text string) ([]RaceGuide, error) {
	races, err := parseRaces(text, false)
	if err != nil {
		return nil, err
	}
	var out []RaceGuide
	for _, r := range races {
		if !slices.ContainsFunc(out, func(o RaceGuide) bool { return slices.Equal(o.Locations, r.Locations) }) {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b RaceGuide) int {
		switch {
		case a.Read == b.Read:
			return 0
		case a.Read:
			return -1
		}
		return 1
	})
	return out, nil
}

// parseRaces reads the races of a report, only the first if first.
func parseRaces(text string, first bool) ([]RaceGuide, error) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var (
		races   []RaceGuide
		sawRace bool // a "WARNING: DATA RACE" line was read
		inRace  bool
		cur     []Location // [current, previous]
		read    bool       // an access of the race being read is a read
		section string     // the header of the access being read, "" outside one
		fn      string     // the function of the frame being read
		found   bool       // the access being read has its location
	)
	noFrame := func() error {
		return fmt.Errorf("race report: the access %q has no frame outside the standard library", section)
	}
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		t := strings.TrimSpace(s)
		switch {
		case t == "WARNING: DATA RACE":
			sawRace, inRace, cur, read = true, true, nil, false
			continue
		case !inRace:
			continue
		case raceAccess.MatchString(t):
			if section != "" && !found {
				return nil, noFrame()
			}
			section, found, fn = t, false, ""
			read = read || strings.Contains(strings.ToLower(t), "read at")
			continue
		case t == "" || strings.HasPrefix(t, "Goroutine ") || strings.HasPrefix(t, "=================="):
			if section != "" && !found {
				return nil, noFrame()
			}
			section = ""
			if len(cur) == 2 {
				races = append(races, RaceGuide{Locations: []Location{cur[1], cur[0]}, Read: read})
				if first {
					return races, nil
				}
				cur, inRace = nil, false
			}
			continue
		}
		if section == "" || found {
			continue
		}
		if m := raceFrameFile.FindStringSubmatch(s); m != nil && fn != "" {
			n, _ := strconv.Atoi(m[2])
			if !stdFrame(fn, m[1]) {
				cur = append(cur, Location{File: baseName(m[1]), Line: n})
				found = true
			}
			fn = ""
			continue
		}
		fn = t
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("race report: %v", err)
	}
	if len(cur) == 2 {
		races = append(races, RaceGuide{Locations: []Location{cur[1], cur[0]}, Read: read})
	}
	if len(races) > 0 {
		return races, nil
	}
	if !sawRace {
		return nil, fmt.Errorf("no race report: the text has no line \"WARNING: DATA RACE\" (want what go test -race printed)")
	}
	return nil, fmt.Errorf("race report: want a current and a previous access, each with a frame \"file.go:line\", found %d (line %d)", len(cur), line)
}

// stdFrame reports whether a frame of function fn ("sync.(*Mutex).Lock()")
// at file is in the standard library: its package path has no dot in its
// first element and the file lies under a src directory of that path
// (GOROOT/src/sync/mutex.go).
func stdFrame(fn, file string) bool {
	if i := strings.LastIndexByte(fn, '('); i > 0 && strings.HasSuffix(fn, ")") {
		fn = fn[:i] // the arguments
	}
	slash := strings.LastIndexByte(fn, '/')
	dot := strings.IndexByte(fn[slash+1:], '.')
	if dot < 0 {
		return false
	}
	pkg := fn[:slash+1+dot]
	first, _, _ := strings.Cut(pkg, "/")
	if strings.Contains(first, ".") {
		return false
	}
	file = strings.ReplaceAll(file, `\`, "/")
	return strings.Contains(file, "/src/"+pkg+"/")
}

// baseName is the last element of a path with / or \ separators.
func baseName(p string) string {
	return p[strings.LastIndexAny(p, `/\`)+1:]
}
