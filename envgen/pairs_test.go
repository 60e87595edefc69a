package envgen

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const pairsSrc = `package p

import "context"

type Sem struct{}
type Mu struct{}
type Unit struct{}
type Pool struct{}
type Res struct{}

func NewSem() *Sem   { return nil }
func NewMu() *Mu     { return nil }
func NewUnit() *Unit { return nil }
func NewPool() *Pool { return nil }

func (*Sem) Acquire(ctx context.Context, n int64) error { return nil }
func (*Sem) TryAcquire(n int64) bool                    { return false }
func (*Sem) Release(n int64)                            {}
func (*Sem) Len() int                                   { return 0 }

func (*Mu) Lock()          {}
func (*Mu) TryLock() bool  { return false }
func (*Mu) Unlock()        {}
func (*Mu) RLock()         {}
func (*Mu) RUnlock()       {}

func (*Unit) Acquire() {}
func (*Unit) Release() {}

func (*Pool) Acquire() *Res     { return nil }
func (*Pool) Release(r *Res)    {}
`

func pairsPkg(t *testing.T) *types.Package {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", pairsSrc, 0)
	require.NoError(t, err)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	return pkg
}

func method(c *Component, name string) int {
	for i, m := range c.Methods {
		if m.Name == name {
			return i
		}
	}
	return -1
}

// TestPairs: the acquire/release pairs of the default protocol, by name
// and shape (pairs.go).
func TestPairs(t *testing.T) {
	pkg := pairsPkg(t)

	// x/sync's shape: weighted, the built-in int64 values known.
	c, err := Extract("NewSem", ctor(t, pkg, "NewSem"), Options{})
	require.NoError(t, err)
	require.Len(t, c.Pairs, 1)
	p := c.Pairs[0]
	require.Equal(t, method(c, "Release"), p.Release)
	require.ElementsMatch(t, []int{method(c, "Acquire"), method(c, "TryAcquire")}, p.Acquires)
	require.NotNil(t, p.Weight)
	acq := method(c, "Acquire")
	for a := range c.Methods[acq].Params[1].Values {
		require.Equal(t, p.Values[acq][a], p.Weigh(Call{Method: acq, Args: []int{0, a}}))
	}
	require.Equal(t, int64(1), p.Weigh(Call{Method: acq, Args: []int{0, 1}})) // the domain is 0, 1, -1, max, min
	k, rel := c.PairRole(method(c, "TryAcquire"))
	require.Equal(t, 0, k)
	require.False(t, rel)
	k, _ = c.PairRole(method(c, "Len"))
	require.Equal(t, -1, k)
	require.Contains(t, strings.Join(c.Notes, "\n"), "Release is called only to give back at most the weight it holds from its goroutine's own calls of Acquire, TryAcquire that succeeded")

	// The user's values are weights where they spell integers; a
	// weight that cannot be read makes the pair unweighted.
	i64 := types.Typ[types.Int64]
	c, err = Extract("NewSem", ctor(t, pkg, "NewSem"), Options{User: []UserValue{{Type: i64, Src: "2"}, {Type: i64, Src: "1"}}})
	require.NoError(t, err)
	require.Equal(t, []int64{2, 1}, c.Pairs[0].Values[method(c, "Release")])
	c, err = Extract("NewSem", ctor(t, pkg, "NewSem"), Options{User: []UserValue{{Type: i64, Src: "2"}, {Type: i64, Src: "size"}}})
	require.NoError(t, err)
	require.Len(t, c.Pairs, 1)
	require.Nil(t, c.Pairs[0].Weight)
	require.Equal(t, int64(1), c.Pairs[0].Weigh(Call{Method: method(c, "Release"), Args: []int{0}}))

	// A protocol the user gives says which calls are made: no pairs.
	c, err = Extract("NewSem", ctor(t, pkg, "NewSem"), Options{Protocol: "Acquire; Release"})
	require.NoError(t, err)
	require.Empty(t, c.Pairs)

	// Unweighted: Lock and TryLock with Unlock, RLock with RUnlock.
	c, err = Extract("NewMu", ctor(t, pkg, "NewMu"), Options{})
	require.NoError(t, err)
	require.Len(t, c.Pairs, 2)
	require.Nil(t, c.Pairs[0].Weight)
	require.Equal(t, method(c, "Unlock"), c.Pairs[0].Release)
	require.ElementsMatch(t, []int{method(c, "Lock"), method(c, "TryLock")}, c.Pairs[0].Acquires)
	require.Equal(t, method(c, "RUnlock"), c.Pairs[1].Release)
	require.Equal(t, []int{method(c, "RLock")}, c.Pairs[1].Acquires)
	// Without its acquire-like methods, Unlock is not paired.
	c, err = Extract("NewMu", ctor(t, pkg, "NewMu"), Options{Exclude: []string{"Lock", "TryLock"}})
	require.NoError(t, err)
	require.Len(t, c.Pairs, 1)

	// A Release() with an Acquire() gives back what it took: it is
	// paired, not the default protocol's Finish.
	c, err = Extract("NewUnit", ctor(t, pkg, "NewUnit"), Options{})
	require.NoError(t, err)
	require.Nil(t, c.Finish)
	require.Len(t, c.Pairs, 1)

	// Release(r *Res) is not a pair by name: no weight, no count.
	c, err = Extract("NewPool", ctor(t, pkg, "NewPool"), Options{})
	require.NoError(t, err)
	require.Empty(t, c.Pairs)
}

// TestSucceeded: an acquire-like call succeeded when its last result, an
// error, is nil, or, a bool, is true.
func TestSucceeded(t *testing.T) {
	pkg := pairsPkg(t)
	c, err := Extract("NewSem", ctor(t, pkg, "NewSem"), Options{})
	require.NoError(t, err)
	acq, try, rel := &c.Methods[method(c, "Acquire")], &c.Methods[method(c, "TryAcquire")], &c.Methods[method(c, "Release")]
	require.True(t, Succeeded(acq, "<nil>"))
	require.False(t, Succeeded(acq, "context canceled"))
	require.True(t, Succeeded(try, "true"))
	require.False(t, Succeeded(try, "false"))
	require.True(t, Succeeded(rel, ""))
	require.True(t, IsNotCalled(NotCalled(0)))
	require.Equal(t, " (not called: holds 0)", ResultString(NotCalled(0)))
	require.Equal(t, " → true", ResultString("true"))
	require.Equal(t, "", ResultString(""))
}

// TestHolders: a sequential run of the baseline counts each call's
// holdings on its original goroutine.
func TestHolders(t *testing.T) {
	p := &Plan{Env: Random, Threads: [][]Call{{{Method: 0}, {Method: 1}}, {{Method: 2}}}}
	q := p.Sequential([]CallRef{{0, 0}, {1, 0}, {0, 1}})
	require.Equal(t, [][]int{{0, 1, 0}}, q.Holders)
	require.Equal(t, 1, q.Holder(0, 1))
	s := p.Suspended([]CallRef{{1, 0}, {0, 0}, {0, 1}})
	require.Equal(t, [][]int{{1}, {0}, {0}}, s.Holders)
	r := p.Settled([]CallRef{{1, 0}, {0, 0}, {0, 1}}, true)
	require.Equal(t, [][]int{{1}, {0, 0}}, r.Holders)
	require.Equal(t, [][]int{{0, 0}}, q.Without(0, 1).Holders)
	require.Equal(t, 1, p.Holder(1, 0))
}

// TestSettledAt: a sequential run with a pause runs the calls back to
// back on one goroutine up to the pause and on the next after it, which
// starts once the one before returned from every call and the rest
// settled.
func TestSettledAt(t *testing.T) {
	p := &Plan{Env: Random, Threads: [][]Call{{{Method: 0}, {Method: 1}}, {{Method: 2}, {Method: 3}}}}
	order := []CallRef{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	q := p.SettledAt(order, []bool{false, false, true, false})
	require.Equal(t, [][]Call{{{Method: 0}, {Method: 2}}, {{Method: 3}, {Method: 1}}}, q.Threads)
	require.Equal(t, [][]int{{0, 1}, {1, 0}}, q.Holders)
	require.Equal(t, []int{-1, 0}, q.After)
	require.Equal(t, []bool{true, true}, q.Settle)
	require.Equal(t, []int{1, 1}, q.Phases)
	require.Equal(t, 2, q.Goroutines)
	require.True(t, q.Suspend)
	require.Len(t, p.Threads, 2, "p is not changed")
}

// TestEmitPairs: a generated random environment pairs as the run does:
// an acquire-like call that succeeds adds its weight, a release-like
// call is made only when the goroutine holds its weight.
func TestEmitPairs(t *testing.T) {
	pkg := pairsPkg(t)
	c, err := Extract("NewSem", ctor(t, pkg, "NewSem"), Options{})
	require.NoError(t, err)
	acq, try, rel, ln := method(c, "Acquire"), method(c, "TryAcquire"), method(c, "Release"), method(c, "Len")
	// The built-in int64 domain: 0, 1, -1, max, min.
	plan := &Plan{Env: Random, Goroutines: 2, Threads: [][]Call{
		{{Method: acq, Args: []int{0, 1}}, {Method: try, Args: []int{1}}, {Method: rel, Args: []int{1}}, {Method: rel, Args: []int{2}}},
		{{Method: ln}},
	}}
	src := &Source{Pkg: pkg, Comp: c, Command: "test", Plans: []*Plan{plan}, Seeds: []uint64{1}}
	b, err := src.Bytes()
	require.NoError(t, err)
	got := string(b)
	for _, want := range []string{
		"var held [1]int64 // of each acquire/release pair, what this goroutine holds\n",
		"if err := c.Acquire(context.Background(), 1); err == nil {\n\t\t\theld[0] += 1\n\t\t}\n",
		"if ok := c.TryAcquire(1); ok {\n\t\t\theld[0] += 1\n\t\t}\n",
		"if held[0] >= 1 {\n\t\t\tc.Release(1)\n\t\t\theld[0] -= 1\n\t\t}\n",
		"// c.Release(-1): not made (a negative weight)\n",
		"defer wg.Done()\n\t\tc.Len()\n",
	} {
		require.Contains(t, got, want)
	}
	// It type-checks with the component's package.
	fset := token.NewFileSet()
	var files []*ast.File
	for name, text := range map[string]string{"p.go": pairsSrc, "p_env_test.go": got} {
		f, err := parser.ParseFile(fset, name, text, 0)
		require.NoError(t, err)
		files = append(files, f)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	_, err = conf.Check("example.com/p", fset, files, nil)
	require.NoError(t, err, got)
}
