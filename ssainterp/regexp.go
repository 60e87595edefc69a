package ssainterp

import (
	"bytes"
	"reflect"
	"regexp"
)

// Regular expressions compiled once per program.
//
// Go code compiles its regular expressions into package variables (var
// re = regexp.MustCompile(`...`)), and every execution runs its packages'
// initialisation again: testify's copy of go-spew compiles three at every
// execution of every test that imports testify, a tenth of the time of
// such an execution. Package regexp runs natively, and a compiled
// *regexp.Regexp is safe for concurrent use and never changes but through
// its Longest method. So regexp.MustCompile and MustCompilePOSIX return
// the Regexp that the same call made in an earlier execution of the
// program: the same call site, the same pattern, and as many calls at that
// site before it in this execution. Two calls in one execution still
// return two Regexps, as in Go, and each execution sees the Regexps of its
// own calls only. A program whose sources select or spell a Longest
// method (namesLongest, comments included) compiles each one anew, as does
// a call once maxSharedRegexps are kept, and a call that panics (a bad
// pattern) keeps nothing.

// namesLongest reports whether src selects or spells a Longest method: the
// word Longest after a dot (a call, a method value or expression) or a
// quote (a name for reflection), not inside a longer identifier.
func namesLongest(src []byte) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("Longest"))
		if j < 0 {
			return false
		}
		i += j
		end := i + len("Longest")
		if i > 0 && (src[i-1] == '.' || src[i-1] == '"' || src[i-1] == '`') && (end == len(src) || !isIdentByte(src[end])) {
			return true
		}
		i = end
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b >= 0x80
}

// maxSharedRegexps bounds the Regexps a program keeps (a program that
// compiles patterns it builds at run time makes a new key at each).
const maxSharedRegexps = 1024

// regexpKey is one call of a regexp compiler in an execution.
type regexpKey struct {
	site    regexpSite
	n       int // the calls at site before it in its execution
	name    string
	pattern string
}

// regexpSite is a call site: the calling function and its pc after the call.
type regexpSite struct {
	fn *function
	pc int
}

var regexpType = reflect.TypeFor[*regexp.Regexp]()

func regexpModels() modelTable {
	tab := modelTable{}
	for _, name := range []string{"MustCompile", "MustCompilePOSIX"} {
		tab["regexp."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			return m.sharedRegexp(fr, name, args, dst)
		}
	}
	return tab
}

// sharedRegexp calls regexp.name (MustCompile or MustCompilePOSIX) with
// args from fr, or gives the Regexp the same call made earlier (see
// above).
func (m *Machine) sharedRegexp(fr *frame, name string, args []value, dst int) *frame {
	p := m.prog
	if p.regexpLongest || dst < 0 {
		return m.callNativeNamed(fr, "regexp", name, args, dst)
	}
	site := regexpSite{fr.fn, fr.pc}
	if m.regexpCalls == nil {
		m.regexpCalls = map[regexpSite]int{}
	}
	n := m.regexpCalls[site]
	m.regexpCalls[site] = n + 1
	key := regexpKey{site, n, name, args[0].str()}
	if v, ok := p.regexps.Load(key); ok {
		fr.regs[dst] = v.(value)
		return fr
	}
	caller := fr
	fr = m.callNativeNamed(fr, "regexp", name, args, dst)
	if rv, ok := caller.regs[dst].r.(reflect.Value); ok && fr == caller && rv.Type() == regexpType && !rv.IsNil() && p.regexpCount.Add(1) <= maxSharedRegexps {
		p.regexps.LoadOrStore(key, caller.regs[dst])
	}
	return fr
}
