package envgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
)

// Calling protocols (Parizek and Plasil 2008, Sect. 1.1 and 1.2): which calls an environment makes, in which order, and which in
// parallel, as an expression over the component's method names:
//
//	Init; (Put* | Take* | Len*); Close
//
// with the operators of behavior protocols, from the loosest binding to
// the tightest: | (and-parallel: every interleaving of its operands), +
// (alternative), ; (sequence) and postfix * (repetition, zero or more
// times). Parentheses group. A name is a Go method name; NULL is the
// empty protocol.

// Protocol is a calling protocol, parsed.
type Protocol interface {
	// String spells the protocol with the fewest parentheses.
	String() string
	prec() int
}

// The kinds of protocol.
type (
	// Call is one call of the named method.
	Invoke struct{ Method string }
	// Seq runs its parts one after the other.
	Seq []Protocol
	// Alt runs one of its parts.
	Alt []Protocol
	// Par runs its parts in parallel: every interleaving of their traces.
	Par []Protocol
	// Star runs its part zero or more times.
	Star struct{ P Protocol }
	// Null is the empty protocol.
	Null struct{}
)

// Precedences: higher binds tighter.
const (
	precPar = iota
	precAlt
	precSeq
	precStar
	precAtom
)

func (c Invoke) prec() int      { return precAtom }
func (Seq) prec() int           { return precSeq }
func (Alt) prec() int           { return precAlt }
func (Par) prec() int           { return precPar }
func (Star) prec() int          { return precStar }
func (Null) prec() int          { return precAtom }
func (c Invoke) String() string { return c.Method }
func (Null) String() string     { return "NULL" }
func (s Star) String() string   { return paren(s.P, precStar+1) + "*" }
func (s Seq) String() string    { return join(s, "; ", precSeq) }
func (a Alt) String() string    { return join(a, " + ", precAlt) }
func (p Par) String() string    { return join(p, " | ", precPar) }

// join spells parts with op, each in parentheses if it binds looser than
// the operator (or as loose: the operators are spelt flat, so a nested
// one of the same kind needs them to keep its shape).
func join(parts []Protocol, op string, prec int) string {
	ss := make([]string, len(parts))
	for i, p := range parts {
		ss[i] = paren(p, prec+1)
	}
	return strings.Join(ss, op)
}

func paren(p Protocol, min int) string {
	if p.prec() < min {
		return "(" + p.String() + ")"
	}
	return p.String()
}

// ProtocolError is a syntax error at a column (1-based, in bytes) of the
// protocol's text.
type ProtocolError struct {
	Col int
	Msg string
}

func (e *ProtocolError) Error() string { return fmt.Sprintf("protocol:%d: %s", e.Col, e.Msg) }

// ParseProtocol parses a calling protocol.
func ParseProtocol(src string) (Protocol, error) {
	p := &protoParser{src: src}
	p.next()
	pr, err := p.par()
	if err != nil {
		return nil, err
	}
	if p.tok != "" {
		return nil, p.errorf("unexpected %q", p.tok)
	}
	return pr, nil
}

type protoParser struct {
	src      string
	pos      int    // after the current token
	tok      string // the current token; "" at the end
	tokStart int
}

func (p *protoParser) errorf(format string, args ...any) error {
	return &ProtocolError{Col: p.tokStart + 1, Msg: fmt.Sprintf(format, args...)}
}

// next reads the next token: a name, or one of ; + | * ( ).
func (p *protoParser) next() {
	for p.pos < len(p.src) && unicode.IsSpace(rune(p.src[p.pos])) {
		p.pos++
	}
	p.tokStart = p.pos
	if p.pos == len(p.src) {
		p.tok = ""
		return
	}
	if strings.ContainsRune(";+|*()", rune(p.src[p.pos])) {
		p.pos++
	} else {
		for p.pos < len(p.src) {
			r := rune(p.src[p.pos])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
				break
			}
			p.pos++
		}
		if p.pos == p.tokStart {
			p.pos++ // one bad character, reported by the caller
		}
	}
	p.tok = p.src[p.tokStart:p.pos]
}

// par = alt { "|" alt }.
func (p *protoParser) par() (Protocol, error) {
	return p.list("|", p.alt, func(ps []Protocol) Protocol { return Par(ps) })
}

// alt = seq { "+" seq }.
func (p *protoParser) alt() (Protocol, error) {
	return p.list("+", p.seq, func(ps []Protocol) Protocol { return Alt(ps) })
}

// seq = star { ";" star }.
func (p *protoParser) seq() (Protocol, error) {
	return p.list(";", p.star, func(ps []Protocol) Protocol { return Seq(ps) })
}

// list parses operands of a left-associative, flat operator.
func (p *protoParser) list(op string, operand func() (Protocol, error), mk func([]Protocol) Protocol) (Protocol, error) {
	first, err := operand()
	if err != nil {
		return nil, err
	}
	ps := []Protocol{first}
	for p.tok == op {
		p.next()
		q, err := operand()
		if err != nil {
			return nil, err
		}
		ps = append(ps, q)
	}
	if len(ps) == 1 {
		return first, nil
	}
	return mk(ps), nil
}

// star = atom { "*" }.
func (p *protoParser) star() (Protocol, error) {
	a, err := p.atom()
	if err != nil {
		return nil, err
	}
	for p.tok == "*" {
		p.next()
		if _, ok := a.(Star); !ok {
			a = Star{a}
		}
	}
	return a, nil
}

// atom = name | "NULL" | "(" par ")".
func (p *protoParser) atom() (Protocol, error) {
	switch t := p.tok; {
	case t == "":
		return nil, p.errorf("unexpected end of protocol: want a method name or (")
	case t == "(":
		open := p.tokStart + 1
		p.next()
		in, err := p.par()
		if err != nil {
			return nil, err
		}
		if p.tok != ")" {
			return nil, p.errorf("want ) to close the ( at column %d", open)
		}
		p.next()
		return in, nil
	case t == "NULL":
		p.next()
		return Null{}, nil
	case isName(t):
		p.next()
		return Invoke{t}, nil
	}
	return nil, p.errorf("unexpected %q: want a method name or (", p.tok)
}

func isName(s string) bool {
	r := []rune(s)
	return len(r) > 0 && (unicode.IsLetter(r[0]) || r[0] == '_')
}

// ProtocolMethods lists the method names a protocol calls, each once, in order.
func ProtocolMethods(p Protocol) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(Protocol)
	walk = func(p Protocol) {
		switch p := p.(type) {
		case Invoke:
			if !seen[p.Method] {
				seen[p.Method] = true
				out = append(out, p.Method)
			}
		case Seq:
			for _, q := range p {
				walk(q)
			}
		case Alt:
			for _, q := range p {
				walk(q)
			}
		case Par:
			for _, q := range p {
				walk(q)
			}
		case Star:
			walk(p.P)
		}
	}
	walk(p)
	return out
}

// A Trace is one run of a protocol drawn at random: phases one after the
// other, each a set of goroutines making their calls (a sequential part
// is a phase of one goroutine).
type Trace [][][]string

// DrawTrace draws a random trace of p: an alternative picks one part, a
// repetition runs its part 0 to maxRep times, a parallel composition
// becomes a phase with a goroutine per part (also inside an alternative
// or a repetition, as reduced protocols have them). Parallelism nested
// inside a part of a parallel composition is drawn as one random
// interleaving of its parts on that part's goroutine (a trace of the
// protocol, but not explored concurrently).
func DrawTrace(p Protocol, maxRep int, rng *rand.Rand) Trace {
	var tr Trace
	var cur []string // the current sequential phase
	flush := func() {
		if len(cur) > 0 {
			tr = append(tr, [][]string{cur})
			cur = nil
		}
	}
	var walk func(Protocol)
	walk = func(p Protocol) {
		switch p := p.(type) {
		case Par:
			flush()
			phase := make([][]string, len(p))
			for i, q := range p {
				phase[i] = interleave(q, maxRep, rng)
			}
			tr = append(tr, phase)
		case Seq:
			for _, q := range p {
				walk(q)
			}
		case Alt:
			walk(p[rng.IntN(len(p))])
		case Star:
			for range rng.IntN(maxRep + 1) {
				walk(p.P)
			}
		default:
			cur = append(cur, interleave(p, maxRep, rng)...)
		}
	}
	walk(p)
	flush()
	return tr
}

// interleave draws one sequence of calls of p.
func interleave(p Protocol, maxRep int, rng *rand.Rand) []string {
	switch p := p.(type) {
	case Invoke:
		return []string{p.Method}
	case Null:
		return nil
	case Seq:
		var out []string
		for _, q := range p {
			out = append(out, interleave(q, maxRep, rng)...)
		}
		return out
	case Alt:
		return interleave(p[rng.IntN(len(p))], maxRep, rng)
	case Star:
		var out []string
		for range rng.IntN(maxRep + 1) {
			out = append(out, interleave(p.P, maxRep, rng)...)
		}
		return out
	case Par:
		parts := make([][]string, len(p))
		n := 0
		for i, q := range p {
			parts[i] = interleave(q, maxRep, rng)
			n += len(parts[i])
		}
		out := make([]string, 0, n)
		for len(out) < n {
			// Pick the next call from a part at random, weighted by
			// what it has left, so every interleaving can come out.
			k := rng.IntN(n - len(out))
			for i := range parts {
				if k < len(parts[i]) {
					out = append(out, parts[i][0])
					parts[i] = parts[i][1:]
					break
				}
				k -= len(parts[i])
			}
		}
		return out
	}
	panic(fmt.Sprintf("envgen: protocol %T", p))
}

// maxRepeat bounds a repetition (*) in a drawn trace.
const maxRepeat = 3

// NewProtocol draws an environment from c's calling protocol: a random
// trace (DrawTrace, each * repeated 0 to 3 times), its phases one after
// the other, each call with arguments drawn from its domains.
func NewProtocol(c *Component, rng *rand.Rand) *Plan {
	return newTrace(c, c.Protocol, rng)
}

// NewReduced draws an environment from the reduced protocol c.Reduced[k]
// as NewProtocol does.
func NewReduced(c *Component, k int, rng *rand.Rand) *Plan {
	r := c.Reduced[k]
	p := newTrace(c, r.Protocol, rng)
	p.Reduction = r.Reduction
	return p
}

// newTrace draws a trace of proto. A default Finish is called last
// unless proto calls it (Plan.Free).
func newTrace(c *Component, proto Protocol, rng *rand.Rand) *Plan {
	p := &Plan{Env: Random}
	p.Free = c.DefaultFinish && slices.Contains(ProtocolMethods(proto), c.Finish.Name)
	p.fixedArgs(c, rng)
	index := map[string]int{}
	for i, m := range c.Methods {
		index[m.Name] = i
	}
	for _, phase := range DrawTrace(proto, maxRepeat, rng) {
		p.Phases = append(p.Phases, len(phase))
		for _, names := range phase {
			th := []Call{}
			for _, n := range names {
				th = append(th, drawCall(c, index[n], rng))
			}
			p.Threads = append(p.Threads, th)
		}
	}
	p.Goroutines = len(p.Threads)
	return p
}
