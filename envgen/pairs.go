package envgen

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// Acquire/release pairing: a client-side usage protocol of the default
// calling protocol. A semaphore's Release of tokens its caller never
// acquired, or an Unlock of a mutex its caller does not hold, panics by
// design (x/sync's "semaphore: released more than held", sync's "unlock
// of unlocked mutex"); an environment that makes such calls misuses the
// component, and no fix of the component removes the failure. So, as the
// behaviour protocols of Parizek and Plasil 2008 say how the environment
// may call a component, and as Lincheck's operations must respect the data
// structure's contract (Koval et al., CAV 2023), each goroutine of a
// default-protocol environment is a correct client of the pairs of
// methods below: it makes a release-like call only to give back what it
// holds from its own acquire-like calls that succeeded, and otherwise
// does not make it (the report says "Release(2) (not called: holds 0)").
//
// Pairs, found by name among the component's operations:
//
//	acquire-like                               release-like
//	Acquire…, TryAcquire… (any name so begun)  Release
//	Lock, TryLock                              Unlock
//	RLock, TryRLock                            RUnlock
//
// An acquire-like call succeeded when it returned and its last result,
// if an error, is nil, or, if a bool, is true (a call without such a
// result succeeds by returning). A pair is weighted when the release-like
// method has one parameter, of an integer type, and each acquire-like one
// exactly one parameter of an integer type (x/sync's Acquire(ctx, n) and
// Release(n)), and every value of those parameters' domains is a known
// integer (a constant, or a user's value that spells one): the goroutine
// then holds the sum of the weights it acquired, and a Release(m) is made
// only when 0 ≤ m ≤ held, which it then lowers by m. Otherwise (a
// release-like method without parameters) the goroutine holds a count
// of successful acquire-like calls, and each release-like call needs one.
// A release-like method with other parameters, or whose acquire-like
// methods are not among the operations, is not paired. A weighted pair's
// acquire-like methods without one integer parameter are left out of it.
//
// The decision is made at run time, when the goroutine reaches the call
// (it depends on what its own earlier calls returned), so it is as
// deterministic as the execution: replaying a schedule replays it, and
// replay tokens are those of the plan, unchanged. Only the default
// protocol pairs (and its reductions of parallelism): a protocol the user
// gives with mcheck.Protocol says exactly which calls are made.

// Pair is an acquire/release pair of a component's operations.
type Pair struct {
	Release  int   // the release-like method (index in Component.Methods)
	Acquires []int // its acquire-like methods
	// Weight, for a weighted pair, is per method of Methods the index
	// of its weight parameter (-1 for the methods not in the pair);
	// nil for an unweighted pair.
	Weight []int
	// Values are, per method of a weighted pair, the integer value of
	// each value of its weight parameter's domain.
	Values [][]int64
}

// pairNames are the release-like names, each with whether a name is
// acquire-like for it.
var pairNames = []struct {
	release string
	acquire func(name string) bool
}{
	{"Release", func(n string) bool { return strings.HasPrefix(n, "Acquire") || strings.HasPrefix(n, "TryAcquire") }},
	{"Unlock", func(n string) bool { return n == "Lock" || n == "TryLock" }},
	{"RUnlock", func(n string) bool { return n == "RLock" || n == "TryRLock" }},
}

// isAcquireName reports whether name is acquire-like for a release-like
// method called release.
func isAcquireName(release, name string) bool {
	for _, p := range pairNames {
		if p.release == release {
			return p.acquire(name)
		}
	}
	return false
}

// pairMethods finds the pairs of c's operations (see above) and notes
// them.
func (c *Component) pairMethods() {
	for _, pn := range pairNames {
		rel := slices.IndexFunc(c.Methods, func(m Method) bool { return m.Name == pn.release })
		if rel < 0 || c.Finish != nil && c.Finish.Name == pn.release {
			continue
		}
		var acq []int
		for i, m := range c.Methods {
			if pn.acquire(m.Name) {
				acq = append(acq, i)
			}
		}
		if len(acq) == 0 {
			continue
		}
		p := Pair{Release: rel, Acquires: acq}
		switch rm := c.Methods[rel]; {
		case len(rm.Params) == 0:
		case len(rm.Params) == 1 && isInteger(rm.Params[0].Type):
			p.Acquires, p.Weight, p.Values = nil, make([]int, len(c.Methods)), make([][]int64, len(c.Methods))
			for i := range p.Weight {
				p.Weight[i] = -1
			}
			known := true
			for _, i := range append(slices.Clone(acq), rel) {
				k, ok := weightParam(c.Methods[i].Params)
				if !ok {
					continue // not weighed: out of the pair
				}
				vs, ok := c.integers(c.Methods[i].Params[k])
				known = known && ok
				p.Weight[i], p.Values[i] = k, vs
				if i != rel {
					p.Acquires = append(p.Acquires, i)
				}
			}
			if len(p.Acquires) == 0 {
				continue
			}
			if !known {
				// A weight that cannot be read: each call weighs one.
				p.Weight, p.Values = nil, nil
			}
		default:
			continue // Release(r *Resource), say: not a pair by name
		}
		c.Pairs = append(c.Pairs, p)
		var names []string
		for _, i := range p.Acquires {
			names = append(names, c.Methods[i].Name)
		}
		held := "what it holds"
		if p.Weight != nil {
			held = "at most the weight it holds"
		}
		c.Notes = append(c.Notes, fmt.Sprintf("%s is called only to give back %s from its goroutine's own calls of %s that succeeded, as a correct client does (the default protocol; say otherwise with mcheck.Protocol)",
			pn.release, held, strings.Join(names, ", ")))
	}
}

// weightParam returns the index of the one parameter of an integer type
// among ps, or false if there is not exactly one.
func weightParam(ps []Domain) (int, bool) {
	k := -1
	for i, d := range ps {
		if isInteger(d.Type) {
			if k >= 0 {
				return 0, false
			}
			k = i
		}
	}
	return k, k >= 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// integers returns the integer value of each value of d, or false if one
// is not known (a user's value that does not spell an integer).
func (c *Component) integers(d Domain) ([]int64, bool) {
	out := make([]int64, len(d.Values))
	for i, v := range d.Values {
		switch {
		case v.Kind == Const && v.Const.Kind() == constant.Int:
			n, exact := constant.Int64Val(v.Const)
			if !exact {
				return nil, false
			}
			out[i] = n
		case v.Kind == User && v.Index < len(c.User):
			n, err := strconv.ParseInt(c.User[v.Index].Src, 10, 64)
			if err != nil {
				return nil, false
			}
			out[i] = n
		default:
			return nil, false
		}
	}
	return out, true
}

// PairRole says what method m is in c's pairs: the pair's index in
// c.Pairs and whether m is its release-like method; k is -1 for a method
// of no pair.
func (c *Component) PairRole(m int) (k int, release bool) {
	for k, p := range c.Pairs {
		if p.Release == m {
			return k, true
		}
		if slices.Contains(p.Acquires, m) {
			return k, false
		}
	}
	return -1, false
}

// Weigh is what call, of a method of pair p, acquires or releases: the
// value of its weight argument, or 1 for an unweighted pair.
func (p *Pair) Weigh(call Call) int64 {
	if p.Weight == nil {
		return 1
	}
	k := p.Weight[call.Method]
	return p.Values[call.Method][call.Args[k]]
}

// Succeeded reports whether a call of method m that returned results
// res (as the report spells them: fmt's %v of each, joined by ", ")
// succeeded as an acquire-like call: its last result, if an error, is
// nil, or, if a bool, is true; a method without such a result succeeds
// by returning.
func Succeeded(m *Method, res string) bool {
	r := m.Sig.Results()
	if r.Len() == 0 {
		return true
	}
	last := r.At(r.Len() - 1).Type()
	var want string
	switch {
	case isError(last):
		want = "<nil>"
	case types.Identical(last.Underlying(), types.Typ[types.Bool]):
		want = "true"
	default:
		return true
	}
	return res == want || strings.HasSuffix(res, ", "+want)
}

// notCalled marks, among the results of a call, one the environment did
// not make (a release-like call of a goroutine that holds too little).
const notCalled = "\x00not called: "

// NotCalled is the result recorded for a release-like call not made by a
// goroutine that holds held ("Release(2) (not called: holds 0)").
func NotCalled(held int64) string { return notCalled + "holds " + strconv.FormatInt(held, 10) }

// IsNotCalled reports whether res is NotCalled's.
func IsNotCalled(res string) bool { return strings.HasPrefix(res, notCalled) }

// ResultString spells what a call returned after it in a report: " → 3",
// "" for no results, " (not called: holds 0)" for a call not made.
func ResultString(res string) string {
	switch {
	case res == "":
		return ""
	case IsNotCalled(res):
		return " (" + res[1:] + ")"
	}
	return " → " + res
}
