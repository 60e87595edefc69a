package envgen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseProtocol(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"Init; (Put* | Take* | Len*); Close", "Init; (Put* | Take* | Len*); Close"},
		{"a;b+c|d", "a; b + c | d"}, // | looser than +, + looser than ;
		{"(a | b); c", "(a | b); c"},
		{"a; (b; c)", "a; (b; c)"}, // a group the user wrote keeps its shape
		{"(a+b)*", "(a + b)*"},
		{"a**", "a*"},
		{"  Get  ", "Get"},
		{"NULL + Close", "NULL + Close"},
		{"(a; b)* | c", "(a; b)* | c"},
	} {
		p, err := ParseProtocol(c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := p.String(); got != c.want {
			t.Errorf("%q prints as %q, want %q", c.src, got, c.want)
		}
		// Printing round-trips.
		q, err := ParseProtocol(p.String())
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Errorf("%q: reparsed %#v (%v), want %#v", p.String(), q, err, p)
		}
	}
}

func TestParseProtocolStructure(t *testing.T) {
	p, err := ParseProtocol("Init; (Put* | Take); Close")
	if err != nil {
		t.Fatal(err)
	}
	want := Seq{Invoke{"Init"}, Par{Star{Invoke{"Put"}}, Invoke{"Take"}}, Invoke{"Close"}}
	if !reflect.DeepEqual(p, Protocol(want)) {
		t.Errorf("got %#v, want %#v", p, want)
	}
	if got := ProtocolMethods(p); !slices.Equal(got, []string{"Init", "Put", "Take", "Close"}) {
		t.Errorf("methods %v", got)
	}
}

func TestParseProtocolErrors(t *testing.T) {
	for _, c := range []struct {
		src string
		col int
		msg string
	}{
		{"", 1, "unexpected end of protocol"},
		{"Put;", 5, "unexpected end of protocol"},
		{"(Put | Take", 12, "want ) to close the ( at column 1"},
		{"a; ((b)", 8, "want ) to close the ( at column 4"},
		{"Put Take", 5, `unexpected "Take"`},
		{"Put; !Take", 6, `unexpected "!": want a method name or (`},
		{"Put | *", 7, `unexpected "*"`},
		{"Put)", 4, `unexpected ")"`},
	} {
		_, err := ParseProtocol(c.src)
		var pe *ProtocolError
		if !errors.As(err, &pe) || pe.Col != c.col || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%q: error %v, want column %d and %q", c.src, err, c.col, c.msg)
		}
	}
}

// TestDrawTrace: a trace has a phase per parallel composition and one
// per run of sequential calls between them; it is a function of the
// seed; repetitions stay within their bound.
func TestDrawTrace(t *testing.T) {
	p, _ := ParseProtocol("Init; (Put* | Take*); Close")
	for seed := range uint64(50) {
		tr := DrawTrace(p, 3, rand.New(rand.NewPCG(seed, 1)))
		if len(tr) != 3 || !slices.Equal(tr[0][0], []string{"Init"}) || len(tr[1]) != 2 || !slices.Equal(tr[2][0], []string{"Close"}) {
			t.Fatalf("seed %d: trace %v", seed, tr)
		}
		for g, calls := range tr[1] {
			want := []string{"Put", "Take"}[g]
			if len(calls) > 3 || slices.ContainsFunc(calls, func(c string) bool { return c != want }) {
				t.Errorf("seed %d: goroutine %d calls %v", seed, g, calls)
			}
		}
		if again := DrawTrace(p, 3, rand.New(rand.NewPCG(seed, 1))); !reflect.DeepEqual(tr, again) {
			t.Errorf("seed %d: %v then %v", seed, tr, again)
		}
	}
}

// TestDrawTraceNested: parallelism inside a parallel part is one
// interleaving on the part's goroutine, and every interleaving comes out.
func TestDrawTraceNested(t *testing.T) {
	p, _ := ParseProtocol("(a; b | c) | d")
	seen := map[string]bool{}
	for seed := range uint64(200) {
		tr := DrawTrace(p, 2, rand.New(rand.NewPCG(seed, 2)))
		if len(tr) != 1 || len(tr[0]) != 2 || !slices.Equal(tr[0][1], []string{"d"}) {
			t.Fatalf("trace %v", tr)
		}
		seen[fmt.Sprint(tr[0][0])] = true
	}
	for _, want := range []string{"[a b c]", "[a c b]", "[c a b]"} {
		if !seen[want] {
			t.Errorf("interleaving %s never drawn (drew %v)", want, seen)
		}
	}
	if len(seen) != 3 {
		t.Errorf("drew %v, want only the 3 interleavings that keep a before b", seen)
	}
}

// TestPhaseMerges: the one-at-a-time orders of a protocol trace keep its
// phases: every call of a phase comes before the next phase's.
func TestPhaseMerges(t *testing.T) {
	c := func(m int) Call { return Call{Method: m} }
	p := &Plan{Env: Random, Threads: [][]Call{{c(0)}, {c(1), c(1)}, {c(2)}, {c(3)}}, Phases: []int{1, 2, 1}}
	orders := p.Merges(64, 1)
	if len(orders) != 3 { // phase 2 has 3 merges of (1 1) and (2)
		t.Fatalf("%d orders: %v", len(orders), orders)
	}
	seen := map[string]bool{}
	for _, o := range orders {
		var gs []int
		for _, r := range o {
			gs = append(gs, r.G)
		}
		if len(gs) != 5 || gs[0] != 0 || gs[4] != 3 {
			t.Errorf("order %v does not keep the phases", gs)
		}
		seen[fmt.Sprint(gs)] = true
		if q := p.Sequential(o); q.Phases != nil || len(q.Threads) != 1 {
			t.Errorf("sequential plan %+v", q)
		}
	}
	if len(seen) != 3 {
		t.Errorf("orders %v", seen)
	}
}
