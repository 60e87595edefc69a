package envgen

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const src = `package kv

import (
	"context"
	"sync"
)

type Key string

type Store struct{ sync.Mutex; m map[Key]int }

func New() *Store                   { return &Store{} }
func Open(size int) (*Store, error) { return &Store{}, nil }
func Two() (int, string)            { return 0, "" }
func Value() Store                  { return Store{} }
func WithChan(ch chan int) *Store   { return &Store{} }
func Nothing()                      {}

func (s *Store) Put(k Key, v int)                        {}
func (s *Store) Get(ctx context.Context, k Key) (int, bool) { return 0, false }
func (s *Store) Each(f func(Key, int) bool)               {}
func (s *Store) Batch(ks []Key, m map[Key]int, p *Store)  {}
func (s *Store) Watch(ch chan int)                        {}
func (s *Store) Close() error                             { return nil }
func (s *Store) Release(n int)                            {}
func (s *Store) sum() int                                 { return 0 }

type Empty struct{}

func NewEmpty() *Empty { return &Empty{} }
`

func load(t *testing.T) *types.Package {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "kv.go", src, 0)
	require.NoError(t, err)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("example.com/kv", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	return pkg
}

func ctor(t *testing.T, pkg *types.Package, name string) *types.Signature {
	return pkg.Scope().Lookup(name).Type().(*types.Signature)
}

func names(ms []Method) []string {
	var ns []string
	for _, m := range ms {
		ns = append(ns, m.Name)
	}
	return ns
}

func TestExtract(t *testing.T) {
	pkg := load(t)
	c, err := Extract("New", ctor(t, pkg, "New"), Options{Finish: "Close"})
	require.NoError(t, err)
	// Lock and Unlock come from the embedded sync.Mutex; Watch's channel
	// has no values; sum is not exported; Close is the finish phase.
	require.Equal(t, []string{"Batch", "Each", "Get", "Put", "Release"}, names(c.Methods))
	require.Equal(t, "Close", c.Finish.Name)
	require.Len(t, c.Notes, 4) // Lock, TryLock, Unlock, Watch
	require.Contains(t, strings.Join(c.Notes, "\n"), "Watch is left out: no values for its parameter ch of type chan int")
	require.Contains(t, strings.Join(c.Notes, "\n"), "Lock is promoted from sync")

	c, err = Extract("New", ctor(t, pkg, "New"), Options{Include: []string{"Put", "Lock"}})
	require.NoError(t, err)
	require.Equal(t, []string{"Lock", "Put"}, names(c.Methods))

	// Init and Finish are named: Methods does not leave them out.
	c, err = Extract("New", ctor(t, pkg, "New"), Options{Include: []string{"Put"}, Init: "Lock", Finish: "Close"})
	require.NoError(t, err)
	require.Equal(t, []string{"Put"}, names(c.Methods))
	require.NotNil(t, c.Init)
	require.NotNil(t, c.Finish)
	require.Equal(t, "Close", c.Finish.Name)

	c, err = Extract("Open", ctor(t, pkg, "Open"), Options{Exclude: []string{"Each"}})
	require.NoError(t, err)
	require.True(t, c.HasErr)
	require.Len(t, c.Params, 1)
	require.NotContains(t, names(c.Methods), "Each")
}

func TestExtractErrors(t *testing.T) {
	pkg := load(t)
	for name, want := range map[string]string{
		"Two":      "Two: a constructor returns the component (a pointer or an interface), optionally with an error; it has type func() (int, string)",
		"Value":    "Value returns kv.Store, which is neither a pointer nor an interface",
		"NewEmpty": "NewEmpty: *kv.Empty has no exported methods to call",
		"WithChan": "WithChan: no values for its parameter ch of type chan int; give some with mcheck.Values",
		"Nothing":  "Nothing: a constructor returns the component (a pointer or an interface), optionally with an error; it has type func()",
	} {
		_, err := Extract(name, ctor(t, pkg, name), Options{})
		require.ErrorContains(t, err, want, name)
	}
	_, err := Extract("New", ctor(t, pkg, "New"), Options{Exclude: []string{"Pop"}})
	require.ErrorContains(t, err, "*kv.Store has no method Pop")
}

func TestDomainsAndSpelling(t *testing.T) {
	pkg := load(t)
	c, err := Extract("New", ctor(t, pkg, "New"), Options{})
	require.NoError(t, err)
	pr := &Printer{Pkg: pkg, Imports: map[string]bool{}}
	spell := func(m string) []string {
		for _, mt := range c.Methods {
			if mt.Name == m {
				var out []string
				for _, d := range mt.Params {
					var vs []string
					for _, v := range d.Values {
						vs = append(vs, pr.Value(v, d.Type))
					}
					out = append(out, strings.Join(vs, " | "))
				}
				return out
			}
		}
		return nil
	}
	require.Equal(t, []string{`"" | "a" | "b"`, `0 | 1 | -1 | math.MaxInt | math.MinInt`}, spell("Put"))
	require.Equal(t, []string{`context.Background()`, `"" | "a" | "b"`}, spell("Get"))
	require.Equal(t, []string{`func(Key, int) bool { return false }`}, spell("Each"))
	require.Equal(t, []string{`nil | []Key{"a"} | []Key{"", "a"}`, `nil | map[Key]int{"a": 1}`, `nil | new(Store)`}, spell("Batch"))
	require.Equal(t, map[string]bool{"math": true, "context": true}, pr.Imports)

	// The user's values replace the built-in ones for their type.
	key := pkg.Scope().Lookup("Key").Type()
	c, err = Extract("New", ctor(t, pkg, "New"), Options{User: []UserValue{{Type: key, Src: `Key("x")`}, {Type: types.Typ[types.Int], Src: "7"}}})
	require.NoError(t, err)
	pr.User = []UserValue{{Src: `Key("x")`}, {Src: "7"}}
	require.Equal(t, []string{`Key("x")`, `7`}, spell("Put"))
}

func TestRandomPlan(t *testing.T) {
	pkg := load(t)
	c, err := Extract("New", ctor(t, pkg, "New"), Options{})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	lengths := map[int]bool{}
	for range 500 {
		p := NewRandom(c, 2, rng)
		require.Len(t, p.Threads, 2)
		for _, th := range p.Threads {
			// Figure 1b of Parizek and Kalibera 2010: a length in [1, 2|M|].
			require.GreaterOrEqual(t, len(th), 1)
			require.LessOrEqual(t, len(th), 2*(len(c.Methods)-1)) // not Close: the default protocol's
			lengths[len(th)] = true
		}
		require.NoError(t, p.Check(c))
		q, err := Decode(p.Encode())
		require.NoError(t, err)
		require.Equal(t, p, q)
	}
	require.Len(t, lengths, 2*(len(c.Methods)-1), "every length is drawn")

	u := NewUniversal(c, 3, 0, rng)
	require.Equal(t, 2*len(c.Methods), u.MaxCalls)
	require.NotContains(t, u.Perm, 1)                      // Close
	require.ElementsMatch(t, []int{0, 2, 3, 4, 5}, u.Perm) // Batch Each Get Put Release (Close, 1, is the default protocol's last call)
	q, err := Decode(u.Encode())
	require.NoError(t, err)
	require.Equal(t, u, q)

	p := &Plan{Env: Random, Threads: [][]Call{{{Method: 4, Args: []int{1, 2}}}, {{Method: 3, Args: []int{0, 0}}}}}
	require.Equal(t, "g5: Put(\"a\", -1)\ng6: Get(context.Background(), \"\") (did not return)",
		p.Describe(c, &Printer{Pkg: pkg}, []int{5, 6}, [][]string{{""}, nil}, []int{1, 1}))
	require.Equal(t, 1, p.Without(0, 0).Calls())
	require.Equal(t, 2, p.Calls(), "Without copies")

	_, err = Decode("e1.////")
	require.Error(t, err)
	bad := &Plan{Env: Random, Threads: [][]Call{{{Method: 9}}}}
	require.ErrorContains(t, bad.Check(c), "does not fit New")
}

// TestDefaultProtocol: without a protocol or Finish, a Close-like method
// is called once, last, and never among the others; Exclude, Finish and
// Protocol say otherwise.
func TestDefaultProtocol(t *testing.T) {
	pkg := load(t)
	sig := ctor(t, pkg, "New")
	c, err := Extract("New", sig, Options{})
	require.NoError(t, err)
	require.NotNil(t, c.Finish)
	require.Equal(t, "Close", c.Finish.Name)
	require.True(t, c.DefaultFinish)
	// Half the environments call Close once, last, and never among the
	// others; the other half (Free) call it among them, not at the end.
	free, last := 0, 0
	for seed := range uint64(100) {
		p := Draw(c, Random, Unreduced, 2, 0, seed)
		calls := 0
		for _, th := range p.Threads {
			for _, call := range th {
				if c.Methods[call.Method].Name == "Close" {
					calls++
				}
			}
		}
		if p.Free {
			free++
		} else {
			last++
			require.Zero(t, calls, "a default-protocol environment calls Close among the others")
		}
		q, err := Decode(p.Encode())
		require.NoError(t, err)
		require.Equal(t, p, q)
	}
	require.Greater(t, free, 30)
	require.Greater(t, last, 30)
	require.Contains(t, strings.Join(c.Notes, "\n"), "Close is called once, after the other calls, in half of the environments")

	// Release(n) has the name of a close but not its shape.
	c, err = Extract("New", sig, Options{Exclude: []string{"Close"}})
	require.NoError(t, err)
	require.Nil(t, c.Finish)

	c, err = Extract("New", sig, Options{Protocol: "(Put* | Get*); Close"})
	require.NoError(t, err)
	require.Nil(t, c.Finish)
	var names []string
	for _, m := range c.Methods {
		names = append(names, m.Name)
	}
	require.ElementsMatch(t, []string{"Put", "Get", "Close"}, names)
	require.Equal(t, "(Put* | Get*); Close", c.Protocol.String())

	_, err = Extract("New", sig, Options{Protocol: "Put; Nope"})
	require.ErrorContains(t, err, "has no method Nope")
	_, err = Extract("New", sig, Options{Protocol: "Put;"})
	require.ErrorContains(t, err, "protocol:5: unexpected end of protocol")
}

// TestCloseLikeShapes: Close, Stop and Shutdown finish whatever their
// parameters and results (Shutdown(wait bool) was drawn as an ordinary
// concurrent call: a Run racing with it, documented as undefined, was
// reported as a data race); Release, Dispose and Wait only without
// parameters but a context (a semaphore's Release(n) finishes nothing).
func TestCloseLikeShapes(t *testing.T) {
	const src = `package p

import (
	"context"
	"time"
)

type B struct{}
type C struct{}
type S struct{}
type R struct{}
type W struct{}

func NewB() *B { return nil }
func NewC() *C { return nil }
func NewS() *S { return nil }
func NewR() *R { return nil }
func NewW() *W { return nil }

func (*B) Run(x int) error   { return nil }
func (*B) Shutdown(wait bool) {}
func (*C) Get() int                          { return 0 }
func (*C) Close(timeout time.Duration) error { return nil }
func (*S) Get() int     { return 0 }
func (*S) Stop() error  { return nil }
func (*R) Acquire(n int) {}
func (*R) Release(n int) {}
func (*W) Add(n int)                       {}
func (*W) Wait(ctx context.Context) error  { return nil }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	for ctorName, finish := range map[string]string{"NewB": "Shutdown", "NewC": "Close", "NewS": "Stop", "NewR": "", "NewW": "Wait"} {
		c, err := Extract(ctorName, ctor(t, pkg, ctorName), Options{})
		require.NoError(t, err)
		if finish == "" {
			require.Nil(t, c.Finish, ctorName)
			continue
		}
		require.NotNil(t, c.Finish, ctorName)
		require.Equal(t, finish, c.Finish.Name, ctorName)
		require.True(t, c.DefaultFinish, ctorName)
	}
}
