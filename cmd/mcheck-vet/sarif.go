package main

// SARIF output: "mcheck-vet -sarif PACKAGES" loads the packages itself
// (go/packages), runs the analyzers with golang.org/x/tools/go/analysis/
// checker and writes one SARIF 2.1.0 log on standard output. It cannot be
// a mode of the go vet protocol: go vet runs the tool once per package
// (unitchecker), so each process would print a log of its own, and a
// concatenation of logs is not a SARIF file.
//
// The log follows OASIS, "Static Analysis Results Interchange Format
// (SARIF) Version 2.1.0", 2020, in the subset GitHub code scanning reads:
// one rule per analyzer (id = analyzer name, descriptions and help from its
// Doc), one result per diagnostic with its location relative to the module
// root (uriBaseId %SRCROOT%), the diagnostic's related positions as
// relatedLocations.

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The SARIF 2.1.0 objects mcheck-vet writes (OASIS SARIF 2.1.0, §3).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
		ColumnKind         string                      `json:"columnKind"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		SemVer         string      `json:"semanticVersion,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		FullDescription  sarifMessage `json:"fullDescription"`
		Help             sarifMessage `json:"help"`
		HelpURI          string       `json:"helpUri,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           sarifRegion      `json:"region"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)

const (
	sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	srcRoot     = "%SRCROOT%"
	toolURI     = "https://pkg.go.dev/github.com/mcheck-dev/mcheck/cmd/mcheck-vet"
)

// sarifMain is main for "mcheck-vet -sarif [-NAME=false] PACKAGES": it
// writes the SARIF log of the enabled analyzers on the packages to stdout
// and returns the exit code: 0 when the log was written (findings or not),
// 1 when the packages do not load or an analyzer fails.
func sarifMain(args []string, analyzers []*analysis.Analyzer, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcheck-vet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("sarif", true, "write the findings as SARIF 2.1.0 on stdout (loads the packages itself; not under go vet)")
	enabled := map[string]*bool{}
	for _, a := range analyzers {
		enabled[a.Name] = fs.Bool(a.Name, true, "enable the "+a.Name+" analyzer")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var run []*analysis.Analyzer
	for _, a := range analyzers {
		if *enabled[a.Name] {
			run = append(run, a)
		}
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	log, err := analyzeSARIF(run, "", patterns)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck-vet: %v\n", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		fmt.Fprintf(stderr, "mcheck-vet: %v\n", err)
		return 1
	}
	return 0
}

// analyzeSARIF loads the packages matching patterns in dir ("": the
// current directory), runs the analyzers on them and returns the SARIF log.
func analyzeSARIF(analyzers []*analysis.Analyzer, dir string, patterns []string) (*sarifLog, error) {
	// Dependencies need syntax only for analyzers with facts (checker
	// runs those on every dependency); mcheck's have none today.
	mode := packages.LoadSyntax
	if usesFacts(analyzers) {
		mode = packages.LoadAllSyntax
	}
	cfg := &packages.Config{Mode: mode | packages.NeedModule, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading %s", n, strings.Join(patterns, " "))
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	root := moduleRoot(pkgs)
	w := newSARIFWriter(analyzers, root)
	var errs []string
	// Roots are in unspecified order: go by package, then analyzer.
	byKey := map[[2]string]*checker.Action{}
	for _, act := range graph.Roots {
		byKey[[2]string{act.Package.PkgPath, act.Analyzer.Name}] = act
	}
	for _, p := range pkgs {
		for _, a := range analyzers {
			act := byKey[[2]string{p.PkgPath, a.Name}]
			if act == nil {
				continue
			}
			if act.Err != nil {
				errs = append(errs, act.String()+": "+act.Err.Error())
				continue
			}
			for _, d := range act.Diagnostics {
				w.add(act.Package.Fset, a, d)
			}
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return w.log, nil
}

// usesFacts reports whether any of analyzers, or one they require, has facts.
func usesFacts(analyzers []*analysis.Analyzer) bool {
	for _, a := range analyzers {
		if len(a.FactTypes) > 0 || usesFacts(a.Requires) {
			return true
		}
	}
	return false
}

// moduleRoot is the directory of the main module of pkgs (the first one
// that has a module), or the current directory.
func moduleRoot(pkgs []*packages.Package) string {
	for _, p := range pkgs {
		if p.Module != nil && p.Module.Dir != "" {
			return p.Module.Dir
		}
	}
	wd, _ := os.Getwd()
	return wd
}

// sarifWriter builds a SARIF log result by result.
type sarifWriter struct {
	log   *sarifLog
	root  string
	rule  map[string]int      // analyzer name → index in the rules
	lines map[string][]string // file → its lines, for UTF-16 columns
}

func newSARIFWriter(analyzers []*analysis.Analyzer, root string) *sarifWriter {
	w := &sarifWriter{root: root, rule: map[string]int{}, lines: map[string][]string{}}
	driver := sarifDriver{Name: "mcheck-vet", InformationURI: toolURI, Rules: []sarifRule{}}
	if v := toolVersion(); v != "" {
		driver.Version, driver.SemVer = v, v
	}
	for i, a := range analyzers {
		w.rule[a.Name] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:               a.Name,
			ShortDescription: sarifMessage{firstParagraph(a.Doc)},
			FullDescription:  sarifMessage{a.Doc},
			Help:             sarifMessage{a.Doc},
			HelpURI:          a.URL,
		})
	}
	w.log = &sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:               sarifTool{Driver: driver},
			OriginalURIBaseIDs: map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(root) + "/"}},
			Results:            []sarifResult{},
			ColumnKind:         "utf16CodeUnits",
		}},
	}
	return w
}

// add appends the result of analyzer a's diagnostic d.
func (w *sarifWriter) add(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic) {
	r := sarifResult{
		RuleID:    a.Name,
		RuleIndex: w.rule[a.Name],
		Level:     "warning",
		Message:   sarifMessage{d.Message},
		Locations: []sarifLocation{{PhysicalLocation: w.physical(fset, d.Pos, d.End)}},
	}
	for i, rel := range d.Related {
		id := i + 1
		r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
			ID:               &id,
			PhysicalLocation: w.physical(fset, rel.Pos, rel.End),
			Message:          &sarifMessage{rel.Message},
		})
	}
	run := &w.log.Runs[0]
	run.Results = append(run.Results, r)
}

// physical is the SARIF location of [pos, end); end may be NoPos (the
// analyzers report positions, not ranges), and the region then runs to the
// end of pos's line.
func (w *sarifWriter) physical(fset *token.FileSet, pos, end token.Pos) sarifPhysical {
	p := fset.Position(pos)
	var e token.Position
	if end.IsValid() && end > pos {
		e = fset.Position(end)
	} else {
		e = w.lineEnd(p)
	}
	uri, base := fileURI(p.Filename), ""
	if rel, err := filepath.Rel(w.root, p.Filename); err == nil && filepath.IsLocal(rel) {
		uri, base = (&url.URL{Path: filepath.ToSlash(rel)}).String(), srcRoot
	}
	return sarifPhysical{
		ArtifactLocation: sarifArtifactLoc{URI: uri, URIBaseID: base},
		Region: sarifRegion{
			StartLine:   p.Line,
			StartColumn: w.column(p),
			EndLine:     e.Line,
			EndColumn:   w.column(e),
		},
	}
}

// lineEnd is the position after the last non-blank byte of p's line
// (p itself if the file cannot be read).
func (w *sarifWriter) lineEnd(p token.Position) token.Position {
	lines := w.fileLines(p.Filename)
	if p.Line < 1 || p.Line > len(lines) {
		return p
	}
	e := p
	e.Column = max(len(strings.TrimRight(lines[p.Line-1], " \t\r"))+1, p.Column)
	return e
}

// fileLines is the file's lines (nil if it cannot be read).
func (w *sarifWriter) fileLines(file string) []string {
	lines, ok := w.lines[file]
	if !ok {
		if b, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(b), "\n")
		}
		w.lines[file] = lines
	}
	return lines
}

// column converts p's byte column to the 1-based UTF-16 column SARIF
// counts by default (§3.30.2); it keeps the byte column if the file
// cannot be read.
func (w *sarifWriter) column(p token.Position) int {
	lines := w.fileLines(p.Filename)
	if p.Line < 1 || p.Line > len(lines) || p.Column < 1 || p.Column-1 > len(lines[p.Line-1]) {
		return max(p.Column, 1)
	}
	col := 1
	for _, r := range lines[p.Line-1][:p.Column-1] {
		if r == utf8.RuneError || r < 0x10000 {
			col++
		} else {
			col += 2 // a surrogate pair
		}
	}
	return col
}

// toolVersion is mcheck's module version as the build recorded it,
// without its "v" ("1.2.0"), or "" for a build inside the module
// ("(devel)", which SARIF's version would not compare).
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
			if m.Path == "github.com/mcheck-dev/mcheck" && strings.HasPrefix(m.Version, "v") {
				return m.Version[1:]
			}
		}
	}
	return ""
}

// firstParagraph is doc up to its first blank line, on one line.
func firstParagraph(doc string) string {
	p, _, _ := strings.Cut(doc, "\n\n")
	return strings.Join(strings.Fields(p), " ")
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}
