package ssainterp

import "testing"

// TestFrozenGlobals: the globals the state hash leaves out are those of
// plain data that only their package's initialisation writes and every
// other use only reads.
func TestFrozenGlobals(t *testing.T) {
	t.Parallel()
	prog, err := loadSrc(t, `package main

type pair struct {
	name string
	n    [2]int
}

var (
	table    = [4]int{1, 2, 3, 4} // read only
	filled   [8]byte              // written by init alone
	inLit    [2]int               // written by a function literal in init
	named    = pair{"a", [2]int{1, 2}}
	counter  int          // written by main
	element  [3]int       // one element written by main
	escaped  [2]int       // its address passed on
	sliced   [4]int       // sliced: its elements may be written through the slice
	indexed  [4]int       // an element's address stored
	ref      = []int{1}   // a reference
	iface    any          // a reference
	pointers [2]*int      // references
	sink     *int
	sinkS    []int
)

func init() {
	for i := range filled {
		filled[i] = byte(i)
	}
	func() { inLit[1] = 5 }()
}

func use(p *[2]int) int { return p[0] }

func main() {
	counter++
	element[1] = 7
	sinkS = sliced[:]
	sink = &indexed[2]
	println(table[2], filled[3], inLit[1], named.name, named.n[1], counter, element[1], use(&escaped), sinkS[0], *sink, ref[0], iface == nil, pointers[0] == nil)
}
`)
	if err != nil {
		t.Fatal(err)
	}
	frozen := prog.frozenGlobals()
	pkg := prog.ssa.ImportedPackage("m")
	want := map[string]bool{"table": true, "filled": true, "inLit": true, "named": true,
		"counter": false, "element": false, "escaped": false, "sliced": false, "indexed": false,
		"ref": false, "iface": false, "pointers": false, "sink": false, "sinkS": false}
	for name, w := range want {
		k, ok := prog.globalIndex[pkg.Var(name)]
		if !ok {
			t.Fatalf("no global %s", name)
		}
		if frozen[k] != w {
			t.Errorf("%s: frozen %v, want %v", name, frozen[k], w)
		}
	}
}
