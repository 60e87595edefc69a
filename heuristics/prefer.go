package heuristics

import "github.com/mcheck-dev/mcheck/sched"

// prefer is the prefer-threads heuristic of guided test (Rungta and
// Mercer 2008, Sect. 3.2, "Prefer Threads", after Groce
// and Visser's structural heuristics): it "assigns a low heuristic value
// to a set of user-specified threads". Go goroutines have no names, so
// the user names them by where they are created: a goroutine whose go
// statement is at one of the locations is preferred (estimate 0), every
// other one, the main goroutine and the clock are not (1).
type prefer struct {
	sites   []Location
	ex      *sched.Execution
	created map[int]bool // per execution: goroutine id → preferred
}

// NewPrefer returns the prefer heuristic for goroutines created at sites.
func NewPrefer(sites []Location) Heuristic {
	return &prefer{sites: sites, created: map[int]bool{}}
}

func (*prefer) Name() string { return "prefer" }

func (p *prefer) Begin(ex *sched.Execution) {
	p.ex = ex
	clear(p.created)
}

func (p *prefer) Estimate(g int, _ Location) int {
	if g == sched.Clock {
		return 1
	}
	pref, ok := p.created[g]
	if !ok {
		site := parsePos(p.ex.Created(g))
		for _, l := range p.sites {
			pref = pref || l.matches(site.file, site.line)
		}
		p.created[g] = pref
	}
	if pref {
		return 0
	}
	return 1
}
