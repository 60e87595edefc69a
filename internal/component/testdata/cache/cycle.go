package cache

import "sync"

// Node and Graph: a component whose results point back at themselves,
// so that a report must print them as fmt does, cycles and all.
type Node struct {
	Name string
	Peer *Node
	Any  any
	Kids []*Node
	M    map[string]*Node
}

// Graph counts its calls twice, once under a lock and once with a lost
// update (read, then write): Check finds the two apart.
type Graph struct {
	mu    sync.Mutex
	calls int
	n     int
}

func NewGraph() *Graph { return &Graph{} }

func (g *Graph) count() {
	v := g.n
	g.mu.Lock()
	g.calls++
	g.mu.Unlock()
	g.n = v + 1
}

func pair() *Node {
	a := &Node{Name: "a"}
	b := &Node{Name: "b", Peer: a, Any: a, Kids: []*Node{a}}
	a.Peer, a.Any, a.Kids, a.M = b, b, []*Node{a, b}, map[string]*Node{"b": b}
	return a
}

// Pair returns two nodes that point at each other.
func (g *Graph) Pair() *Node { g.count(); return pair() }

// Value returns a node (not a pointer) of such a pair.
func (g *Graph) Value() Node { g.count(); return *pair() }

// Loop returns a slice that holds itself (fmt itself would not end).
func (g *Graph) Loop() []any {
	g.count()
	s := make([]any, 2)
	s[0], s[1] = s, "end"
	return s
}

// Check panics when an update was lost.
func (g *Graph) Check() {
	if g.n != g.calls {
		panic("lost update")
	}
}
