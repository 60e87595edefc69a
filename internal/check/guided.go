package check

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/sched"
)

// GuideConfig is what guided test takes besides sched.Options
// (mcheck.Guide, -mcheck.guide, -mcheck.heuristic, -mcheck.prefer).
type GuideConfig struct {
	Locations []heuristics.Location // the sequence the search follows
	// Races are the sequences of every race of a race report
	// (-mcheck.guide=@FILE), Locations the first; with several, Run's
	// search follows each in turn (sequences.go).
	Races [][]heuristics.Location
	// Warnings: the sequences are the warnings of the analyzers of
	// package envgen/detect on the package under test, one after the
	// other (-mcheck.guide=warnings; sequences.go).
	Warnings  bool
	Heuristic string                // the secondary heuristic ("": heuristics.DefaultHeuristic)
	Prefer    []heuristics.Location // prefer: go statements of the goroutines preferred
}

// SetGuide sets the sequence of locations of guided test and selects the
// guided strategy. Each of specs is "file.go:line", several separated by
// commas, or "@FILE": a go test -race report whose first race's two
// accesses are the sequence (heuristics.ParseRaceReport); or specs is
// the one word "warnings": each warning of the analyzers on the package
// under test is a sequence of its own (warnings.go).
func (c *Config) SetGuide(what string, specs ...string) {
	c.Guided.Locations, c.Guided.Races, c.Guided.Warnings = nil, nil, false
	if len(specs) == 1 && strings.TrimSpace(specs[0]) == WarningsGuide {
		c.Guided.Warnings = true
		c.useStrategy("guided")
		return
	}
	locs, races, err := parseGuide(specs)
	if err != nil {
		c.refuse("%s: %v", what, err)
		return
	}
	c.Guided.Locations, c.Guided.Races = locs, races
	c.useStrategy("guided")
}

// parseGuide parses the specs of SetGuide; a race report with several
// races gives their sequences too (in heuristics.ParseRaceReports'
// order), the first as the locations.
func parseGuide(specs []string) ([]heuristics.Location, [][]heuristics.Location, error) {
	var (
		locs  []heuristics.Location
		races [][]heuristics.Location
	)
	for _, spec := range specs {
		if file, ok := strings.CutPrefix(strings.TrimSpace(spec), "@"); ok {
			b, err := os.ReadFile(file)
			if err != nil {
				return nil, nil, fmt.Errorf("the race report: %v", err)
			}
			got, err := heuristics.ParseRaceReports(string(b))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", file, err)
			}
			if len(specs) == 1 && len(got) > 1 {
				for _, r := range got {
					races = append(races, r.Locations)
				}
			}
			locs = append(locs, got[0].Locations...)
			continue
		}
		got, err := parseLocations(spec)
		if err != nil {
			return nil, nil, err
		}
		locs = append(locs, got...)
	}
	if len(locs) == 0 {
		return nil, nil, errors.New("no location: want file.go:line,... or @race-report.txt")
	}
	return locs, races, nil
}

// parseLocations parses "a.go:12,b.go:30".
func parseLocations(list string) ([]heuristics.Location, error) {
	var locs []heuristics.Location
	for s := range strings.SplitSeq(list, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		l, err := heuristics.ParseLocation(s)
		if err != nil {
			return nil, err
		}
		locs = append(locs, l)
	}
	return locs, nil
}

// SetHeuristic sets the secondary heuristic of guided test.
func (c *Config) SetHeuristic(what, name string) {
	c.oneOf(what, name, heuristics.HeuristicNames())
	c.Guided.Heuristic = name
}

// SetPrefer sets the creation sites of the goroutines the prefer
// heuristic prefers ("file.go:line" of go statements, comma-separated).
func (c *Config) SetPrefer(what string, specs ...string) {
	c.Guided.Prefer = nil
	for _, s := range specs {
		locs, err := parseLocations(s)
		if err != nil {
			c.refuse("%s: %v", what, err)
			return
		}
		c.Guided.Prefer = append(c.Guided.Prefer, locs...)
	}
}

// UseGuided turns the strategy "guided" into the sched.Options.Custom
// that makes its trials (package sched cannot import heuristics): one
// trial per worker, each with a seed of its own. A replay token runs its
// schedule whatever the strategy.
func (c *Config) UseGuided() error {
	if c.Strategy != "guided" {
		return nil
	}
	g := c.Guided
	if len(g.Locations) == 0 && !g.Warnings {
		return errors.New("the guided strategy follows a sequence of locations: give them with mcheck.Guide(\"file.go:line\", ...) or -mcheck.guide=file.go:line,... (or @race-report.txt)")
	}
	name := g.Heuristic
	if name == "" {
		name = heuristics.DefaultHeuristic
	}
	factory, ok := heuristics.Heuristics[name]
	if !ok {
		return fmt.Errorf("unknown heuristic %q: want one of %s", name, strings.Join(heuristics.HeuristicNames(), ", "))
	}
	if name == "prefer" && len(g.Prefer) == 0 {
		return errors.New("the prefer heuristic prefers the goroutines created at given go statements: name them with -mcheck.prefer=file.go:line,...")
	}
	c.Custom = func() sched.Strategy {
		return heuristics.NewGuided(g.Locations, factory, g.Prefer, 0).WithVisited(c.StateCaching)
	}
	return nil
}
