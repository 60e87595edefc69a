package mcheck_test

// The tests of this file keep README.md, the docs/ pages and the root
// package's documentation true: the links, the flag table, the defaults
// table and every default and bound the prose states are checked against
// the code. ssainterp's TestReadmeFigures keeps README's figures about the
// interpreter (the corpus, the speed) true the same way.

import (
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/mcheck-dev/mcheck" // defines the -mcheck.* flags (package gotest)
	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// docPages returns README.md and the docs/ pages by path, and the docs/
// pages' names.
func docPages(t *testing.T) (map[string]string, []string) {
	t.Helper()
	pages := map[string]string{"README.md": readFile(t, "README.md")}
	names, err := filepath.Glob("docs/*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	for _, n := range names {
		pages[n] = readFile(t, n)
	}
	return pages, names
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mdLink is a markdown link: its target (without an anchor) and anchor.
var mdLink = regexp.MustCompile(`\]\(([^)#\s]*)(?:#([^)\s]*))?\)`)

// TestReadmeLinks: README.md links every docs/ page, and every relative
// link of README.md and the docs/ pages names a file that exists and, if
// it has an anchor, a heading of that file.
func TestReadmeLinks(t *testing.T) {
	t.Parallel()
	pages, docs := docPages(t)
	for _, d := range docs {
		if !strings.Contains(pages["README.md"], "]("+d+")") {
			t.Errorf("README.md does not link %s: every docs/ page is linked from README.md", d)
		}
	}
	for page, text := range pages {
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target, anchor := m[1], m[2]
			if strings.Contains(target, "://") {
				continue
			}
			file := page
			if target != "" {
				file = filepath.Join(filepath.Dir(page), target)
			}
			b, err := os.ReadFile(file)
			if err != nil {
				t.Errorf("%s links %q: %v", page, m[0], err)
				continue
			}
			if anchor != "" && !slices.Contains(anchors(string(b)), anchor) {
				t.Errorf("%s links %q: %s has no heading with the anchor %q (it has %v)", page, m[0], file, anchor, anchors(string(b)))
			}
		}
	}
}

// anchors returns the anchors GitHub gives the headings of a markdown
// text: lower case, spaces as hyphens, other punctuation dropped.
func anchors(md string) []string {
	var as []string
	inCode := false
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		as = append(as, b.String())
	}
	return as
}

// privateCitation matches what a reader of the repository cannot open:
// the file names of the papers as this project's sessions kept them, and
// issue numbers of its tracker.
var privateCitation = regexp.MustCompile(`(?i)seeds/|(eda-ngram-search|guided-test-meta-heuristic|polymorphic-distance-heuristic|random-environment-and-restarts|reduced-parallelism-environment)(\.txt)?\b|\bissues? #?\d+|\bseeds?'s? (table|fig|figure|sect|section)\b`)

// TestReadmeCitations: no Go or markdown file of the repository (outside
// testdata) cites a paper by a file name or the tracker by an issue
// number; papers are cited by authors, title, venue and year
// (docs/strategies.md lists them).
func TestReadmeCitations(t *testing.T) {
	t.Parallel()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") || path == "readme_test.go" {
			return nil // (this file names what it looks for)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := privateCitation.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: cite the paper in full (authors, title, venue, year) or say what the issue asked, in plain words", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// tableRows returns the rows (cells trimmed) of the first markdown table
// under the heading of md, without its header and rule.
func tableRows(t *testing.T, md, heading string) [][]string {
	t.Helper()
	_, after, ok := strings.Cut(md, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/flags.md has no heading %q", heading)
	}
	if i := strings.Index(after, "\n## "); i >= 0 {
		after = after[:i]
	}
	var rows [][]string
	for line := range strings.Lines(after) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		t.Fatalf("docs/flags.md: no table under %q", heading)
	}
	return rows[2:]
}

// codeValue is the first `code span` of a table cell, or "" if it has
// none.
func codeValue(cell string) string {
	_, v, ok := strings.Cut(cell, "`")
	if !ok {
		return ""
	}
	v, _, _ = strings.Cut(v, "`")
	return v
}

// zeroDefault reports whether a flag's default is its type's zero value,
// which the tables leave blank.
func zeroDefault(v string) bool { return v == "" || v == "0" || v == "false" }

// TestReadmeFlags: the table of go test flags in docs/flags.md lists
// every -mcheck.* flag, and only those, each with its default: the
// flag's own, or for -mcheck.budget and -mcheck.memory the default they
// stand for.
func TestReadmeFlags(t *testing.T) {
	t.Parallel()
	doc := readFile(t, "docs/flags.md")
	stand := map[string]string{
		"mcheck.budget": check.RunTime.String(),
		"mcheck.memory": ssainterp.FormatBytes(ssainterp.DefaultMaxMemory),
	}
	documented := map[string]bool{}
	for _, row := range tableRows(t, doc, "## go test flags") {
		name := strings.TrimPrefix(codeValue(row[0]), "-")
		documented[name] = true
		f := flag.Lookup(name)
		if f == nil || !strings.HasPrefix(name, "mcheck.") {
			t.Errorf("docs/flags.md documents %q, which go test does not have", row[0])
			continue
		}
		want, ok := stand[name]
		if !ok {
			want = f.DefValue
		}
		switch got := codeValue(row[1]); {
		case got == "" && !zeroDefault(want):
			t.Errorf("docs/flags.md: -%s has no default; its default is %q", name, want)
		case got != "" && got != want:
			t.Errorf("docs/flags.md: -%s's default is %q; the code's is %q", name, got, want)
		}
	}
	flag.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Name, "mcheck.") && !documented[f.Name] {
			t.Errorf("docs/flags.md's table of go test flags lacks -%s (%s)", f.Name, f.Usage)
		}
	})
}

// defaultChecks say, for each row of docs/flags.md's table of defaults,
// what the code's default is, read from the code.
func defaultChecks(t *testing.T) map[string]func() string {
	schedDefaults := ifDefaults(t, "sched")
	interpDefaults := ifDefaults(t, "ssainterp")
	return map[string]func() string{
		"time budget of `mcheck.Run`, `mcheck test`, `mcheck explore`": check.RunTime.String,
		"time budget of `mcheck.Component`":                            check.ComponentTime.String,
		"time budget with `-short`":                                    check.ShortTime.String,
		"grace past a time budget": func() string {
			lo, hi := sched.DeadlineGrace(0), sched.DeadlineGrace(1000*time.Hour)
			if b := 4 * time.Second; lo < b/20 && b/20 < hi && sched.DeadlineGrace(b) != b/20 {
				return fmt.Sprintf("not a twentieth: DeadlineGrace(%v) = %v", b, sched.DeadlineGrace(b))
			}
			return fmt.Sprintf("a twentieth of it, `%v` to `%v`", lo, hi)
		},
		"early stop without a budget: no new ordering pair in the last": func() string {
			return fmt.Sprintf("`%d` executions, and half of the executions", sched.SaturationExecutions)
		},
		"strategy": func() string { return check.DefaultStrategy },
		"scheduling steps per execution": agree(t, strconv.Itoa(check.DefaultSteps),
			schedDefaults.get(t, "o.MaxSteps")),
		"dfs preemption bound": func() string { return strconv.Itoa(check.DefaultPreempt) },
		"pct bug depth": agree(t, strconv.Itoa(check.DefaultPCTDepth),
			schedDefaults.get(t, "depth")),
		"timer horizon": agree(t, check.DefaultHorizon.String(),
			schedDefaults.get(t, "o.TimerHorizon")),
		"memory per execution": func() string { return ssainterp.FormatBytes(ssainterp.DefaultMaxMemory) },
		"call depth":           func() string { return interpDefaults.get(t, "cfg.MaxDepth") },
		"loop iterations of a goroutine between two scheduling points": func() string {
			return schedDefaults.get(t, "o.LoopSteps")
		},
		"guided test's secondary heuristic": func() string { return heuristics.DefaultHeuristic },
		"guided test's backtrack states":    func() string { return strconv.Itoa(heuristics.DefaultBacktrackBound) },
		"EDA fitness":                       func() string { return check.DefaultFitness },
		"EDA population":                    func() string { return strconv.Itoa(heuristics.DefaultPopulation) },
		"EDA truncation selection":          func() string { return fmt.Sprint(heuristics.DefaultSelection) },
		"EDA elitism":                       func() string { return strconv.Itoa(heuristics.DefaultElitism) },
		"EDA mutation":                      func() string { return fmt.Sprint(heuristics.DefaultMutation) },
		"EDA n-gram length":                 func() string { return strconv.Itoa(heuristics.DefaultN) },
		"Component environment":             func() string { return check.DefaultEnv },
		"Component goroutines per environment": func() string {
			return strconv.Itoa(check.DefaultGoroutine)
		},
		"Component restart strategy": func() string {
			if _, err := restarts.Multiplier(check.DefaultRestart, 1); err != nil {
				return err.Error()
			}
			return check.DefaultRestart
		},
		"Component restart unit (executions)":           func() string { return strconv.Itoa(check.DefaultUnit) },
		"recursive reduction threshold":                 func() string { return fmt.Sprint(envgen.DefaultThreshold) },
		"one-at-a-time orders tried exhaustively up to": func() string { return constValue(t, "internal/component", "seqMerges") },
	}
}

// agree returns want, after checking that other parts of the code that
// apply the same default (got, unless skip) agree with it.
func agree(t *testing.T, want string, got ...string) func() string {
	return func() string {
		for _, g := range got {
			if g != "" && g != want {
				t.Errorf("two defaults disagree: internal/check's %q, and %q applied where a field is left zero", want, g)
			}
		}
		return want
	}
}

// TestReadmeDefaults: every row of docs/flags.md's table of defaults is
// the code's default, and every default the test knows of has a row.
func TestReadmeDefaults(t *testing.T) {
	t.Parallel()
	checks := defaultChecks(t)
	seen := map[string]bool{}
	for _, row := range tableRows(t, readFile(t, "docs/flags.md"), "## Defaults") {
		key, got := row[0], row[1]
		seen[key] = true
		f, ok := checks[key]
		if !ok {
			t.Errorf("docs/flags.md states the default %q, which readme_test.go does not check: add it to defaultChecks", key)
			continue
		}
		want := f()
		if !strings.Contains(want, "`") {
			want = "`" + want + "`"
		}
		if got != want {
			t.Errorf("docs/flags.md: the default %s is %s; the code's is %s", key, got, want)
		}
	}
	for key := range checks {
		if !seen[key] {
			t.Errorf("docs/flags.md's table of defaults lacks %q", key)
		}
	}
}

// A claim is a statement of a default or bound in the prose of README.md,
// docs/ and the root package's documentation: every match of re (run on
// the text with code spans, comment slashes and line breaks taken out)
// must capture the code's value, and re must match somewhere.
type claim struct {
	re   *regexp.Regexp
	want func() string
	// norm, if set, turns the captured text into the form of want.
	norm func(string) string
}

func claims(t *testing.T) []claim {
	c := func(re string, want func() string, norm ...func(string) string) claim {
		cl := claim{re: regexp.MustCompile(`(?i)` + re), want: want}
		if len(norm) > 0 {
			cl.norm = norm[0]
		}
		return cl
	}
	str := func(s string) func() string { return func() string { return s } }
	itoa := func(n int) func() string { return func() string { return strconv.Itoa(n) } }
	lower := strings.ToLower
	number := func(s string) string { // "10 million", "two"
		s = strings.ToLower(s)
		if n, ok := strings.CutSuffix(s, " million"); ok {
			return n + "000000"
		}
		if i := slices.Index([]string{"zero", "one", "two", "three", "four"}, s); i >= 0 {
			return strconv.Itoa(i)
		}
		return s
	}
	run, comp, short := check.RunTime.String(), check.ComponentTime.String(), check.ShortTime.String()
	grace := func(b time.Duration) func() string {
		return func() string { return sched.DeadlineGrace(b).String() }
	}
	schedDefaults := ifDefaults(t, "sched")
	return []claim{
		c(`default time: (\S+) for mcheck\.Run`, str(run)),
		c(`the default is (\S+) of time`, str(run)),
		c(`(\S+) for mcheck\.Component, \S+ with -short`, str(comp)),
		c(`\(Component: (\S+); \S+ with -short\)`, str(comp)),
		c(`budget \((\S+), \S+ with -short`, str(comp)),
		c(`(\S+) with -short`, str(short)),
		c(`a twentieth of (?:the budget|it), (?:at least )?(\S+) `, grace(0)),
		c(`a twentieth of (?:the budget|it), (?:at least )?\S+ (?:and at most|to) ([0-9a-z]+)`, grace(1000*time.Hour)),
		c(`in its last (\d+) executions and in the last half`, itoa(sched.SaturationExecutions)),
		c(`(\d+) scheduling steps per execution`, itoa(check.DefaultSteps)),
		c(`before a livelock is reported \(default (\d+)\)`, itoa(check.DefaultSteps)),
		c(`preemptions per schedule at most \(default (\d+)\)`, itoa(check.DefaultPreempt)),
		c(`at most -mcheck\.preemptions \((\d+)\)`, itoa(check.DefaultPreempt)),
		c(`-mcheck\.depth \((\d+)\)`, itoa(check.DefaultPCTDepth)),
		c(`stall at most (\S+) \(-mcheck\.timerhorizon`, check.DefaultHorizon.String),
		c(`a stall past the (\S+) horizon`, check.DefaultHorizon.String),
		c(`timing slack of the test's assertions \(default (\S+);`, check.DefaultHorizon.String),
		c(`allocates more than (\d+ [KMGT]iB)`, func() string { return ssainterp.FormatBytes(ssainterp.DefaultMaxMemory) }),
		c(`deeper than (\d+) calls`, func() string { return ifDefaults(t, "ssainterp").get(t, "cfg.MaxDepth") }),
		c(`more than (\d+ million|\d+) loop iterations`, func() string { return schedDefaults.get(t, "o.LoopSteps") }, number),
		c(`"([\w-]+)" \(the default`, str(heuristics.DefaultHeuristic)),
		c(`\*\*(`+strings.Join(heuristics.HeuristicNames(), "|")+`)\*\* \(the default\)`, str(heuristics.DefaultHeuristic)),
		c(`\*\*(`+strings.Join(check.Strategies, "|")+`)\*\* \(the default\)`, str(check.DefaultStrategy)),
		c(`search strategy: (\w+) \(the default\)`, str(check.DefaultStrategy), lower),
		c(`StrategyName = "(\w+)" // [^()]*\(the default\)`, str(check.DefaultStrategy)),
		c(`EnvironmentKind = "(\w+)" // [^()]*\(the default\)`, str(check.DefaultEnv)),
		c(`RestartStrategy = "(\w+)" // [^()]*\(the default\)`, str(check.DefaultRestart)),
		c(`(\w+)Environment \(the default`, str(check.DefaultEnv), lower),
		c(`by default, the ([a-z]+)-sequence environment`, str(check.DefaultEnv)),
		c(`restart strategy of Component: (\w+) \(the default\)`, str(check.DefaultRestart), lower),
		c(`mcheck\.(\w+) \(the default:`, str(check.DefaultRestart), lower),
		c(`\(0: the default, (\d+);`, itoa(check.DefaultUnit)),
		c(`unit of (\d+) executions by default`, itoa(check.DefaultUnit)),
		c(`goroutines an environment runs \(default (\d+)\)`, itoa(check.DefaultGoroutine)),
		c(`(\w+) goroutines each call`, itoa(check.DefaultGoroutine), number),
		c(`run in parallel \(default: (all cores)\)`, func() string {
			if flag.Lookup("mcheck.workers").DefValue == "0" {
				return "all cores"
			}
			return "not all cores: -mcheck.workers's default is not 0"
		}),
		c(`backtrack set keeps at most (\d+) states`, itoa(heuristics.DefaultBacktrackBound)),
		c(`every order is tried when there are at most (\d+)`, func() string { return constValue(t, "internal/component", "seqMerges") }),
		c(`a budget of (\d+) executions instead of time`, func() string { return constValue(t, "gotest", "bubbleExecutions") }),
		c(`ports from (\d+) up`, func() string { return constValue(t, "ssainterp/overlay/net", "memFirstPort") }),
		c(`(\d+) KiB socket buffers`, func() string {
			n, _ := strconv.Atoi(constValue(t, "ssainterp/overlay/net", "memBufSize"))
			return strconv.Itoa(n >> 10)
		}),
	}
}

// notAValue matches the uses of "default" that state no value: the
// default calling protocol, the defaults table, the defaults of a run.
var notAValue = regexp.MustCompile(`(?i)default (calling )?protocol|default one\b|(the|same|with the|code's) defaults\b|defaults table|off by default|not the default|by default a timer|\[defaults\]\(#defaults\)`)

// TestReadmeStatedDefaults: every default and bound that README.md, the
// docs/ pages and the root package's documentation state in prose is the
// code's (claims), and every "default" there is either part of a claim,
// a row of a table the tests above check, or no value at all (notAValue).
func TestReadmeStatedDefaults(t *testing.T) {
	t.Parallel()
	pages, _ := docPages(t)
	for _, f := range []string{"doc.go", "mcheck.go"} {
		pages[f] = readFile(t, f)
	}
	texts := map[string]string{}
	for name, text := range pages {
		texts[name] = proseOf(name, text)
	}
	all := claims(t)
	matched := make([]bool, len(all))
	for name, text := range texts {
		var covered [][2]int
		for i, cl := range all {
			for _, m := range cl.re.FindAllStringSubmatchIndex(text, -1) {
				matched[i] = true
				covered = append(covered, [2]int{m[0], m[1]})
				got := text[m[2]:m[3]]
				if cl.norm != nil {
					got = cl.norm(got)
				}
				if want := cl.want(); got != want {
					t.Errorf("%s says %q; the code's value is %q", name, text[m[0]:m[1]], want)
				}
			}
		}
		for _, m := range notAValue.FindAllStringIndex(text, -1) {
			covered = append(covered, [2]int{m[0], m[1]})
		}
		for _, m := range regexp.MustCompile(`(?i)\bdefaults?\b`).FindAllStringIndex(text, -1) {
			if !slices.ContainsFunc(covered, func(c [2]int) bool { return c[0] <= m[0] && m[1] <= c[1] }) {
				lo, hi := max(m[0]-60, 0), min(m[1]+60, len(text))
				t.Errorf("%s states a default that no check covers: %q (add a claim to readme_test.go, or reword)", name, text[lo:hi])
			}
		}
	}
	for i, cl := range all {
		if !matched[i] {
			t.Errorf("no page states %q any more: drop the claim from readme_test.go, or restore the statement", cl.re)
		}
	}
}

// proseOf returns the text of a page that states things: for a markdown
// page, without fenced code blocks, tables (the tests above check the
// tables of docs/flags.md; tables elsewhere state no default), headings
// and code-span backticks; for a Go file, its source with comment
// slashes at line starts taken out. Runs of white space, line breaks
// among them, become one space.
func proseOf(name, text string) string {
	var b strings.Builder
	inCode := false
	for line := range strings.Lines(text) {
		trimmed := strings.TrimSpace(line)
		if strings.HasSuffix(name, ".go") {
			trimmed = strings.TrimSpace(strings.TrimPrefix(trimmed, "//"))
		} else {
			if strings.HasPrefix(trimmed, "```") {
				inCode = !inCode
				continue
			}
			if inCode || strings.HasPrefix(trimmed, "|") || strings.HasPrefix(trimmed, "#") {
				continue
			}
			trimmed = strings.ReplaceAll(trimmed, "`", "")
		}
		b.WriteString(trimmed)
		b.WriteByte(' ')
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// sourceDefaults are the defaults a package applies to fields left zero,
// by the field's expression ("o.MaxSteps"), as their values print.
type sourceDefaults map[string]string

func (d sourceDefaults) get(t *testing.T, lhs string) string {
	t.Helper()
	v, ok := d[lhs]
	if !ok {
		t.Errorf("found no default for %s (an `if %s == 0 { %s = CONST }`): readme_test.go reads the default from there; update it where the default moved", lhs, lhs, lhs)
	}
	return v
}

// ifDefaults reads the defaults of the package in dir: every if
// statement whose body is one assignment of a constant to an expression
// that its condition tests.
func ifDefaults(t *testing.T, dir string) sourceDefaults {
	t.Helper()
	fset, files, consts := parseDir(t, dir)
	d := sourceDefaults{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			s, ok := n.(*ast.IfStmt)
			if !ok || len(s.Body.List) != 1 {
				return true
			}
			as, ok := s.Body.List[0].(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			lhs := exprString(fset, as.Lhs[0])
			if !strings.Contains(exprString(fset, s.Cond), lhs) {
				return true
			}
			if v, ok := eval(as.Rhs[0], consts); ok {
				if old, seen := d[lhs]; seen && old != v.String() {
					d[lhs] = fmt.Sprintf("ambiguous: %s in one place, %s in another", old, v)
				} else {
					d[lhs] = v.String()
				}
			}
			return true
		})
	}
	return d
}

// constValue returns the value of the constant name of the package in
// dir.
func constValue(t *testing.T, dir, name string) string {
	t.Helper()
	_, _, consts := parseDir(t, dir)
	e, ok := consts[name]
	if !ok {
		t.Errorf("%s has no constant %s (readme_test.go reads a figure of the docs from it)", dir, name)
		return ""
	}
	v, ok := eval(e, consts)
	if !ok {
		t.Errorf("%s's constant %s is not one readme_test.go can evaluate", dir, name)
	}
	return v.String()
}

// parseDir parses the non-test Go files of dir (and, for the network
// model, its .go.txt overlay) and returns their package-level constant
// expressions by name.
func parseDir(t *testing.T, dir string) (*token.FileSet, []*ast.File, map[string]ast.Expr) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	consts := map[string]ast.Expr{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasSuffix(n, "_test.go") || !strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, ".go.txt") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if i < len(vs.Values) {
						consts[id.Name] = vs.Values[i]
					}
				}
			}
		}
	}
	return fset, files, consts
}

func exprString(fset *token.FileSet, e ast.Expr) string {
	var b strings.Builder
	if err := printer.Fprint(&b, fset, e); err != nil {
		return ""
	}
	return b.String()
}

// durationUnits are the time package's units, for defaults such as
// 2 * time.Millisecond.
var durationUnits = map[string]time.Duration{
	"Nanosecond": time.Nanosecond, "Microsecond": time.Microsecond, "Millisecond": time.Millisecond,
	"Second": time.Second, "Minute": time.Minute, "Hour": time.Hour,
}

// value is a constant as the docs print it: a duration, or a number.
type value struct {
	c        constant.Value
	duration bool
}

func (v value) String() string {
	if v.duration {
		n, _ := constant.Int64Val(v.c)
		return time.Duration(n).String()
	}
	return v.c.ExactString()
}

// eval evaluates a constant expression of literals, the package's other
// constants, time units and + - * / << >>.
func eval(e ast.Expr, consts map[string]ast.Expr) (value, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		return value{c: constant.MakeFromLiteral(e.Value, e.Kind, 0)}, true
	case *ast.ParenExpr:
		return eval(e.X, consts)
	case *ast.Ident:
		if x, ok := consts[e.Name]; ok {
			return eval(x, consts)
		}
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok && pkg.Name == "time" {
			if d, ok := durationUnits[e.Sel.Name]; ok {
				return value{c: constant.MakeInt64(int64(d)), duration: true}, true
			}
		}
	case *ast.UnaryExpr:
		x, ok := eval(e.X, consts)
		if ok {
			return value{c: constant.UnaryOp(e.Op, x.c, 0), duration: x.duration}, true
		}
	case *ast.BinaryExpr:
		x, okx := eval(e.X, consts)
		y, oky := eval(e.Y, consts)
		if !okx || !oky {
			break
		}
		if e.Op == token.SHL || e.Op == token.SHR {
			s, _ := constant.Uint64Val(y.c)
			return value{c: constant.Shift(x.c, e.Op, uint(s)), duration: x.duration}, true
		}
		return value{c: constant.BinaryOp(x.c, e.Op, y.c), duration: x.duration || y.duration}, true
	}
	return value{}, false
}
