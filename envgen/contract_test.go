package envgen

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const contractSrc = `package p

import "sync"

// Mock is a mock clock.
type Mock struct{ mu sync.Mutex }

func NewMock() *Mock { return nil }

// Add moves the time forward. This should only be called from a single
// goroutine at a time.
func (*Mock) Add(d int) {}

// Flush writes the buffer. It must not be called concurrently with Reset
// or Add.
func (*Mock) Flush() {}

// Reset empties the buffer.
func (*Mock) Reset() {}

// Now returns the time. It is safe for concurrent use.
func (*Mock) Now() int { return 0 }

// Get returns the value. Get may not return the value set after Put.
func (*Mock) Get() int { return 0 }

// Put sets the value.
func (*Mock) Put(v int) {}

// Close stops the clock. Calls of any method after Close are undefined.
func (*Mock) Close(wait bool) {}

// Buffer is a buffer. A Buffer is not safe for concurrent use by
// multiple goroutines.
type Buffer struct{}

func NewBuffer() *Buffer { return nil }

func (*Buffer) Write(b byte) {}
func (*Buffer) Len() int     { return 0 }
`

// TestReadContract: the phrases of doc comments that the default
// protocol follows, and those it does not take for a contract.
func TestReadContract(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", contractSrc, parser.ParseComments)
	require.NoError(t, err)
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, nil)
	require.NoError(t, err)
	files := []*ast.File{f}

	sig := ctor(t, pkg, "NewMock")
	docs := DocsOf(files, sig.Results().At(0).Type())
	require.NotNil(t, docs)
	require.Contains(t, docs.Methods["Add"], "single\ngoroutine")
	c, err := Extract("NewMock", sig, Options{Docs: docs})
	require.NoError(t, err)
	var groups []string
	for _, g := range c.Serial {
		var ns []string
		for _, m := range g {
			ns = append(ns, c.Methods[m].Name)
		}
		groups = append(groups, strings.Join(ns, " "))
	}
	// Add with itself and with Flush, Flush with Reset: one group.
	require.Equal(t, []string{"Add Flush Reset"}, groups)
	require.True(t, c.DefaultFinish)
	require.True(t, c.FinishLast)
	require.Equal(t, "Close", c.Finish.Name)
	notes := strings.Join(c.Notes, "\n")
	require.Contains(t, notes, `Close is called once, after the other calls, in every environment, as a doc comment says: "Calls of any method after Close are undefined."`)
	require.Contains(t, notes, `Add is never called from two goroutines at once, as the doc comment of Add says: "This should only be called from a single goroutine at a time."`)
	require.Contains(t, notes, `Flush, Reset, Add are never called in parallel, as the doc comment of Flush says: "It must not be called concurrently with Reset or Add."`)
	require.NotContains(t, notes, "Now")
	require.NotContains(t, notes, "Put", "Get's 'may not … after Put' is not a contract")

	// Environments: the group's calls on one goroutine, Close never
	// among the others, in every one of them.
	for seed := range uint64(200) {
		p := Draw(c, Random, Unreduced, 3, 0, seed)
		require.False(t, p.Free)
		owners := map[int]bool{}
		for g, th := range p.Threads {
			for _, call := range th {
				require.NotEqual(t, "Close", c.Methods[call.Method].Name)
				if c.Serialized(call.Method) {
					owners[g] = true
				}
			}
		}
		require.LessOrEqual(t, len(owners), 1, "seed %d: %v", seed, p.Threads)
	}
	// The default protocol behind the reductions: the group is one
	// part, Close is not.
	require.Equal(t, "(Add + Flush + Reset); (Add + Flush + Reset)* | Get; Get* | Now; Now* | Put; Put*", c.DefaultProtocol(PairWeights{{"Add", "Add"}: 1}).String())

	// A type not safe for concurrent use: every call on one goroutine.
	bsig := ctor(t, pkg, "NewBuffer")
	c, err = Extract("NewBuffer", bsig, Options{Docs: DocsOf(files, bsig.Results().At(0).Type())})
	require.NoError(t, err)
	require.Equal(t, [][]int{{0, 1}}, c.Serial)
	require.Contains(t, strings.Join(c.Notes, "\n"), `every call is made from one goroutine, as the doc comment of Buffer says: "A Buffer is not safe for concurrent use by multiple goroutines."`)
	for seed := range uint64(50) {
		p := Draw(c, Random, Unreduced, 2, 0, seed)
		require.Equal(t, 1, len(slices.DeleteFunc(slices.Clone(p.Threads), func(th []Call) bool { return len(th) == 0 })), "seed %d", seed)
	}

	// Without doc comments, or with a protocol, nothing of it.
	c, err = Extract("NewMock", sig, Options{})
	require.NoError(t, err)
	require.Empty(t, c.Serial)
	require.False(t, c.FinishLast)
	c, err = Extract("NewMock", sig, Options{Docs: docs, Protocol: "Add* | Add*"})
	require.NoError(t, err)
	require.Empty(t, c.Serial)
}
