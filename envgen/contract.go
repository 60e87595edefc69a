package envgen

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"unicode"
)

// The concurrency contract of doc comments. A library says in prose which
// calls may not run at once ("This should only be called from a single
// goroutine at a time", "Calling Run at any point after calling Shutdown
// will lead to undefined behaviour"); an environment that breaks it finds
// races the authors documented, not bugs. Without a protocol of the
// user's (Options.Protocol), the default protocol follows what the doc
// comments of the component's type and methods say, by the phrases below
// (matched in lower case, a sentence at a time; nothing else is read):
//
//   - a sentence of the type's comment with one of serialPhrases (not
//     safe for concurrent use, only from a single goroutine, …): no two
//     calls run in parallel (every call on one goroutine);
//   - a sentence of method M's comment with one of serialPhrases: M's
//     calls never run in parallel with each other, nor with the methods
//     the sentence names after "concurrently with" ("must not be called
//     concurrently with Reset");
//   - a sentence with "after" followed by a method name N, and one of
//     finishPhrases ("undefined", "must not be called", …: "Calling Run
//     at any point after calling Shutdown will lead to undefined
//     behaviour"): N
//     finishes the component, and is called once, last, in every
//     environment (never among the other calls, Plan.Free).
//
// Each rule the comments triggered is a note of the component that
// quotes the sentence it followed. No peer tool reads doc comments this
// way; the phrases are few on purpose, and a contract they miss is said
// with mcheck.Protocol.

// serialPhrases say that calls do not run in parallel.
var serialPhrases = []string{
	"only be called from a single goroutine",
	"only be called from one goroutine",
	"only from a single goroutine",
	"only from one goroutine",
	"from a single goroutine at a time",
	"from one goroutine at a time",
	"not safe for concurrent use",
	"not safe for concurrent access",
	"not safe to call concurrently",
	"not safe to use concurrently",
	"not safe for use by multiple goroutines",
	"not thread-safe",
	"not goroutine-safe",
	"not concurrency-safe",
	"must not be called concurrently",
	"should not be called concurrently",
	"must not be used concurrently",
	"should not be used concurrently",
}

// finishPhrases, with "after" and a method name, say that no call may
// follow that method's.
var finishPhrases = []string{"undefined", "must not be called", "may not be called", "must not be used", "not allowed"}

// Docs are the doc comments of a component's type and of its methods, by
// name (DocsOf reads them from syntax).
type Docs struct {
	TypeName string
	Type     string
	Methods  map[string]string
}

// DocsOf returns the doc comments of the named type t and of its methods
// (an interface's too) from files, the syntax of t's package with its
// comments; nil if t is not declared there.
func DocsOf(files []*ast.File, t types.Type) *Docs {
	n, ok := types.Unalias(derefType(t)).(*types.Named)
	if !ok {
		return nil
	}
	name := n.Obj().Name()
	d := &Docs{TypeName: name, Methods: map[string]string{}}
	found := false
	for _, f := range files {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok || ts.Name.Name != name {
						continue
					}
					found = true
					d.Type = ts.Doc.Text()
					if d.Type == "" && len(decl.Specs) == 1 {
						d.Type = decl.Doc.Text()
					}
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						for _, m := range it.Methods.List {
							for _, id := range m.Names {
								d.Methods[id.Name] = m.Doc.Text()
							}
						}
					}
				}
			case *ast.FuncDecl:
				if decl.Recv != nil && len(decl.Recv.List) == 1 && recvName(decl.Recv.List[0].Type) == name {
					d.Methods[decl.Name.Name] = decl.Doc.Text()
				}
			}
		}
	}
	if !found {
		return nil
	}
	return d
}

// recvName is the type name of a receiver: T, *T, T[P], *T[P].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// contract is what doc comments say of a component's calls.
type contract struct {
	groups [][]string        // methods never called in parallel with each other
	finish map[string]string // methods no call may follow, with the sentence that says so
	notes  []string          // the rules followed, each quoting its sentence
}

// readContract reads the contract of d's comments over the exported
// methods names.
func readContract(d *Docs, names []string) contract {
	c := contract{finish: map[string]string{}}
	if d == nil {
		return c
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	for _, s := range sentences(d.Type) {
		if hasAny(s, serialPhrases) && len(c.groups) == 0 {
			c.groups = [][]string{slices.Clone(names)}
			c.notes = append(c.notes, fmt.Sprintf("every call is made from one goroutine, as the doc comment of %s says: %q", d.TypeName, s))
		}
		if n := finishing(s, known); n != "" {
			c.finish[n] = s
		}
	}
	for _, m := range names {
		for _, s := range sentences(d.Methods[m]) {
			if n := finishing(s, known); n != "" {
				c.finish[n] = s
			}
			if !hasAny(s, serialPhrases) {
				continue
			}
			group := []string{m}
			if i := strings.Index(strings.ToLower(s), "concurrently with"); i >= 0 {
				for _, w := range words(s[i:]) {
					if known[w] && !slices.Contains(group, w) {
						group = append(group, w)
					}
				}
			}
			c.groups = append(c.groups, group)
			what := m + " is never called from two goroutines at once"
			if len(group) > 1 {
				what = strings.Join(group, ", ") + " are never called in parallel"
			}
			c.notes = append(c.notes, fmt.Sprintf("%s, as the doc comment of %s says: %q", what, m, s))
		}
	}
	c.groups = mergeGroups(c.groups)
	return c
}

// finishing returns the method (of known) a sentence says no call may
// follow ("… after calling Shutdown … undefined"), or "".
func finishing(s string, known map[string]bool) string {
	lower := strings.ToLower(s)
	i := strings.Index(lower, "after ")
	if i < 0 || !hasAny(lower, finishPhrases) {
		return ""
	}
	for _, w := range words(s[i:]) {
		if known[w] {
			return w
		}
	}
	return ""
}

// sentences splits a comment into sentences, each on one line.
func sentences(doc string) []string {
	text := strings.Join(strings.Fields(doc), " ")
	var out []string
	for text != "" {
		i := strings.Index(text, ". ")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+2:]
	}
	return out
}

// words returns the identifiers of s.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
}

func hasAny(s string, phrases []string) bool {
	s = strings.ToLower(s)
	for _, p := range phrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// mergeGroups merges groups that share a method.
func mergeGroups(gs [][]string) [][]string {
	var out [][]string
	for _, g := range gs {
		merged := slices.Clone(g)
		for k := 0; k < len(out); {
			if slices.ContainsFunc(out[k], func(m string) bool { return slices.Contains(merged, m) }) {
				for _, m := range out[k] {
					if !slices.Contains(merged, m) {
						merged = append(merged, m)
					}
				}
				out = slices.Delete(out, k, k+1)
				continue
			}
			k++
		}
		out = append(out, merged)
	}
	return out
}

// Serialized reports whether method m (an index of Methods) is in a
// group of Serial.
func (c *Component) Serialized(m int) bool {
	for _, g := range c.Serial {
		if slices.Contains(g, m) {
			return true
		}
	}
	return false
}
