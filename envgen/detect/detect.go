package detect

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Pattern is one of the four patterns of Parizek and Plasil 2008 (see
// the package doc), or one of mcheck's two.
type Pattern int

// The patterns: P1–P4 of the paper's Sect. 2.1, then mcheck's.
const (
	P1 Pattern = 1 + iota // locks taken in reverse (cyclic) nesting order
	P2                    // a wait under two locks whose waker needs the outer one
	P3                    // a field accessed under different locks, or a lock and none
	P4                    // unsynchronised use of a shared map, slice or container
	// P5 is mcheck's, not the paper's: a method checks a variable in one
	// critical section and updates it in a later one on the same lock
	// (check-then-act split, an atomicity violation). See p5.go.
	P5
	// P6 is mcheck's too: a sync.Cond.Wait not in a loop. See p6.go.
	P6
)

func (p Pattern) String() string { return fmt.Sprintf("P%d", int(p)) }

// Table 1 of the paper: the weight of an instance of each pattern, by
// whether its types t1 and t2 are the same.
var table1 = map[Pattern][2]float64{ // [t1 = t2, t1 ≠ t2]
	P1: {0.3, 1},
	P2: {0.5, 0.5},
	P3: {0.25, 0.8},
	P4: {0.25, 0.9},
	P5: {0.8, 0.8}, // mcheck's: as strong as P3 across types (the lock is always the same)
	P6: {0.5, 0.5}, // mcheck's: as P2, the other pattern of a wait
}

// Weight returns the Table 1 weight of an instance of p whose types are
// the same (the paper's t1 = t2) or not.
func Weight(p Pattern, same bool) float64 {
	if same {
		return table1[p][0]
	}
	return table1[p][1]
}

// A Finding is one instance of a pattern in a pair (or, for a lock-order
// cycle, a set) of methods.
type Finding struct {
	Pattern Pattern
	// Methods are the roots involved, as "(*T).M" or "F" relative to the
	// package: two for P2–P4 (the waiting or unsynchronised side first),
	// and for P1 the method of each edge of the cycle in order (at least
	// two; a method that nests two instances of one lock appears twice).
	// A name may repeat: the method against a concurrent call of itself.
	Methods []string
	Same    bool    // the paper's t1 = t2 (see the package doc)
	Weight  float64 // Table 1 weight
	Pos     token.Pos
	// Subject is what the finding is about: the lock cycle
	// ("(*P).a → (*P).b → (*P).a"), the condition variable or channel,
	// or the field ("(*DB).expTimes").
	Subject string
	// Site describes the reported side (at Pos); Other the other side.
	Site, Other string
	// Related are the other positions involved (P1: the other edges).
	Related []token.Pos
}

// Message is the finding's diagnostic text.
func (f Finding) Message() string {
	return fmt.Sprintf("%v: %s; %s (weight %s)", f.Pattern, f.Site, f.Other, weightString(f.Weight))
}

func weightString(w float64) string { return strconv.FormatFloat(w, 'g', -1, 64) }

// Detect finds the instances of P1–P4 in a package. funcs are its source
// functions (buildssa's SrcFuncs); the roots among them are the exported
// functions and methods declared outside _test.go files. Findings are in
// the order of their positions.
func Detect(fset *token.FileSet, pkg *ssa.Package, funcs []*ssa.Function) []Finding {
	f := &facts{fset: fset, pkg: pkg.Pkg, locking: map[string]bool{}, condLock: condLocks(pkg.Pkg, funcs)}
	for _, fn := range funcs {
		if isRoot(fset, fn) {
			f.walkRoot(fn)
		}
	}
	var out []Finding
	out = append(out, f.p1()...)
	out = append(out, f.p2()...)
	out = append(out, f.races()...)
	out = append(out, f.p5()...)
	out = append(out, f.p6()...)
	slices.SortStableFunc(out, func(a, b Finding) int { return int(a.Pos - b.Pos) })
	return out
}

// DetectPackage is Detect over the source functions of pkg (its
// functions and the methods of its named types, with their closures),
// for callers that hold an SSA package but no analysis pass.
func DetectPackage(fset *token.FileSet, pkg *ssa.Package) []Finding {
	return Detect(fset, pkg, srcFuncs(pkg))
}

// srcFuncs returns the functions and methods declared in pkg's source and
// their anonymous functions, in order of position.
func srcFuncs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || fn.Syntax() == nil {
			return
		}
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, mem := range pkg.Members {
		switch m := mem.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			if n, ok := types.Unalias(m.Type()).(*types.Named); ok {
				for i := range n.NumMethods() {
					add(pkg.Prog.FuncValue(n.Method(i)))
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	return out
}

// isRoot reports whether fn is an exported function or method of the
// package proper.
func isRoot(fset *token.FileSet, fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Synthetic != "" || !token.IsExported(fn.Name()) || len(fn.Blocks) == 0 {
		return false
	}
	return !strings.HasSuffix(fset.Position(fn.Pos()).Filename, "_test.go")
}

// condLocks finds the lock of each condition variable the package makes:
// x.cond = sync.NewCond(&x.mu), or x.cond.L = &x.mu.
func condLocks(pkg *types.Package, funcs []*ssa.Function) map[ident]ident {
	m := map[ident]ident{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if c, ok := st.Val.(*ssa.Call); ok && calleeIs(&c.Call, "sync", "", "NewCond") {
					cond, ok1 := identOf(st.Addr, pkg)
					l, ok2 := identOf(c.Call.Args[0], pkg)
					if ok1 && ok2 {
						m[cond] = l
					}
					continue
				}
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && isSyncType(fa.X.Type()) && fieldName(fa) == "L" {
					cond, ok1 := identOf(fa.X, pkg)
					l, ok2 := identOf(st.Val, pkg)
					if ok1 && ok2 {
						m[cond] = l
					}
				}
			}
		}
	}
	return m
}

// Weights returns the total weight of each pair of methods over fs, the
// weight of a method pair in the paper (Sect. 2.1): the sum of the weights
// of the instances found in it. Keys are ordered pairs with key[0] <=
// key[1]; a P1 cycle of more than two methods counts for each pair of
// its methods.
func Weights(fs []Finding) map[[2]string]float64 {
	w := map[[2]string]float64{}
	for _, f := range fs {
		seen := map[[2]string]bool{}
		for i, a := range f.Methods {
			for _, b := range f.Methods[i+1:] {
				k := [2]string{min(a, b), max(a, b)}
				if !seen[k] {
					seen[k] = true
					w[k] += f.Weight
				}
			}
		}
	}
	return w
}

// relIdents spells idents joined by sep.
func relIdents(ids []ident, sep string) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.String()
	}
	return strings.Join(s, sep)
}
