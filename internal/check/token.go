package check

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
)

// Replay tokens carry the identity of their test: the test's name and a
// short hash of its package, then the schedule ("v1.…", sched.Schedule)
// or, for mcheck.Component, the environment and the schedule
// ("e1.….v1.…", envgen.Plan):
//
//	TestTransfer.3f9a1c.v1.AQIDBA
//	TestCache.8e02d4.e1.….v1.…
//
// A token for another test, or text that is no token, is refused with a
// message that says so; a replay flag given to a whole suite applies only
// to the token's own test. A token without the identity (as mcheck wrote
// them before) is taken for whatever test it is given to.

// ID is the identity of a test: its package path and its name (the
// top-level test function; for mcheck explore, "main").
type ID struct {
	Pkg, Test string
}

// Prefix returns the identity part of id's tokens, "TestX.3f9a1c.".
func (id ID) Prefix() string {
	sum := sha256.Sum256([]byte(id.Pkg))
	return id.Test + "." + hex.EncodeToString(sum[:3]) + "."
}

// Token returns the token of a schedule or plan token tok for id.
func (id ID) Token(tok string) string { return id.Prefix() + tok }

// ReplayFor says what a replay token tok means for the test id: the bare
// schedule (or environment and schedule) token to replay, or mine false
// if tok is another test's token, or an error if tok is no token at all.
func (id ID) ReplayFor(tok string) (bare string, mine bool, err error) {
	tok = strings.TrimSpace(tok)
	if isBare(tok) {
		return tok, true, nil
	}
	name, rest, ok1 := strings.Cut(tok, ".")
	hash, bare, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || !token.IsIdentifier(name) || len(hash) != 6 || !isBare(bare) {
		return "", false, fmt.Errorf("%q is not a replay token of mcheck (a report prints one after replay:, as TestX.3f9a1c.v1.…)", tok)
	}
	if tok[:len(name)+len(hash)+2] != id.Prefix() {
		return "", false, nil
	}
	return bare, true, nil
}

// Refuse returns the error for a token of another test given explicitly
// to id (mcheck.Replay, or a replay flag with -run selecting the test).
func (id ID) Refuse(tok string) error {
	name, _, _ := strings.Cut(strings.TrimSpace(tok), ".")
	if name == id.Test {
		return fmt.Errorf("the replay token %s is for a test %s of another package, not %s.%s", short(tok), name, id.Pkg, id.Test)
	}
	return fmt.Errorf("the replay token %s is for the test %s, not %s", short(tok), name, id.Test)
}

// isBare reports whether tok is a token without identity: a schedule
// ("v1.") or an environment and schedule ("e1.").
func isBare(tok string) bool {
	return strings.HasPrefix(tok, "v1.") || strings.HasPrefix(tok, "e1.")
}

func short(tok string) string {
	if len(tok) > 40 {
		return tok[:37] + "..."
	}
	return tok
}

// ValidToken returns an error unless tok is a replay token, of any test.
func ValidToken(tok string) error {
	_, _, err := ID{}.ReplayFor(tok)
	return err
}

// ReplayReachable returns an error unless the replay token tok, given to
// the whole suite of the package pkg in dir (Config.ReplaySuite), is for
// one of its tests: the token's package is pkg (or its external test
// package) and a _test.go file in dir declares the token's test. A token
// for no test that runs would otherwise pass as a replay that never
// happened.
func ReplayReachable(dir, pkg, tok string) error {
	tok = strings.TrimSpace(tok)
	if isBare(tok) {
		return nil
	}
	name, _, _ := strings.Cut(tok, ".")
	base := strings.TrimSuffix(pkg, "_test")
	ours := strings.HasPrefix(tok, ID{base, name}.Prefix()) || strings.HasPrefix(tok, ID{base + "_test", name}.Prefix())
	if ours && declaresTest(dir, name) {
		return nil
	}
	if ours {
		return fmt.Errorf("nothing is replayed: the replay token %s is for the test %s of %s, and no _test.go file here declares it", short(tok), name, base)
	}
	return fmt.Errorf("nothing is replayed: the replay token %s is for the test %s of another package than %s (run go test in the token's package, with -run '^%s$')", short(tok), name, base, name)
}

// declaresTest reports whether a _test.go file in dir declares the
// function name.
func declaresTest(dir, name string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, path := range files {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name {
				return true
			}
		}
	}
	return false
}
