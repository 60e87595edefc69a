package main

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchemaFile is the SARIF 2.1.0 JSON schema (JSON Schema 2020-12
// dialect) that Microsoft's SARIF SDK ships with its validator, the SARIF
// Multitool 5.7.0 (see testdata/README.md).
const sarifSchemaFile = "testdata/sarif-2.1.0.json"

// compileSARIFSchema compiles the SARIF schema with format assertions on.
func compileSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(sarifSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validateSARIF validates the JSON text out against the schema.
func validateSARIF(s *jsonschema.Schema, out []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// TestSARIF runs the analyzers on their testdata packages
// (envgen/detect/testdata/src), validates the log against the SARIF 2.1.0
// schema and checks its rules and the location of the P1 result.
func TestSARIF(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := sarifMain([]string{"-sarif", "../../envgen/detect/testdata/src/..."}, detect.Analyzers, &stdout, &stderr); code != 0 {
		t.Fatalf("mcheck-vet -sarif exited %d: %s\n(reproduce: go run ./cmd/mcheck-vet -sarif ./envgen/detect/testdata/src/...)", code, &stderr)
	}
	out := stdout.Bytes()
	schema := compileSARIFSchema(t)
	if err := validateSARIF(schema, out); err != nil {
		t.Fatalf("the log does not validate against %s: %v\n%s", sarifSchemaFile, err, out)
	}

	var log sarifLog
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0 and one run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
	}
	var want []string
	for _, a := range detect.Analyzers {
		want = append(want, a.Name)
	}
	if !slices.Equal(ids, want) {
		t.Errorf("rules %v, want one per analyzer %v", ids, want)
	}
	for i, r := range run.Tool.Driver.Rules {
		a := detect.Analyzers[i]
		if r.FullDescription.Text != a.Doc || r.Help.Text != a.Doc || !strings.HasPrefix(a.Doc, r.ShortDescription.Text) || r.ShortDescription.Text == "" {
			t.Errorf("rule %s: short %q, full %q, help %q; want them from the analyzer's Doc %q", r.ID, r.ShortDescription.Text, r.FullDescription.Text, r.Help.Text, a.Doc)
		}
	}
	if root := run.OriginalURIBaseIDs[srcRoot].URI; !strings.HasPrefix(root, "file:///") || !strings.HasSuffix(root, "/") {
		t.Errorf("%s = %q, want the module root as a file URI ending in /", srcRoot, root)
	}

	// One result per diagnostic: the // want comments of the testdata.
	rules := map[string]int{}
	for _, r := range run.Results {
		rules[r.RuleID]++
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %q: ruleIndex %d names rule %s", r.Message.Text, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
	}
	for _, a := range detect.Analyzers {
		if rules[a.Name] == 0 {
			t.Errorf("no result of %s, whose testdata has findings", a.Name)
		}
	}

	// The first P1 result: p1.go:17, "p.orders.Lock() // want ...", at
	// the call's column, the region running to the end of the line.
	i := slices.IndexFunc(run.Results, func(r sarifResult) bool { return r.RuleID == "lockorder" })
	if i < 0 {
		t.Fatal("no lockorder result")
	}
	r := run.Results[i]
	wantMsg := "P1: lock order cycle: (*Proc).inv → (*Proc).orders in (*Proc).PlaceOrder; (*Proc).orders → (*Proc).inv in (*Proc).CancelOrder (weight 0.3)"
	if r.Level != "warning" || r.Message.Text != wantMsg {
		t.Errorf("lockorder result: level %q, message %q; want warning, %q", r.Level, r.Message.Text, wantMsg)
	}
	loc := r.Locations[0].PhysicalLocation
	wantLoc := sarifPhysical{
		ArtifactLocation: sarifArtifactLoc{URI: "envgen/detect/testdata/src/p1/p1.go", URIBaseID: srcRoot},
		Region:           sarifRegion{StartLine: 17, StartColumn: 15, EndLine: 17, EndColumn: 193}, // 192 UTF-16 units in the line, each → one
	}
	if loc != wantLoc {
		t.Errorf("lockorder result's location\n\t%+v\nwant\n\t%+v", loc, wantLoc)
	}
	if len(r.RelatedLocations) != 1 || r.RelatedLocations[0].PhysicalLocation.Region.StartLine != 26 {
		t.Errorf("lockorder result's related locations %+v, want CancelOrder's p.inv.Lock() at line 26", r.RelatedLocations)
	}
}

// TestSARIFSchemaRejects: the schema check is not vacuous; a log with an
// unknown level or without a rule id fails it.
func TestSARIFSchemaRejects(t *testing.T) {
	schema := compileSARIFSchema(t)
	valid := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"r","level":"warning","message":{"text":"m"}}]}]}`
	if err := validateSARIF(schema, []byte(valid)); err != nil {
		t.Fatalf("a minimal log does not validate: %v", err)
	}
	for _, bad := range []string{
		strings.Replace(valid, `"warning"`, `"critical"`, 1),
		strings.Replace(valid, `"version":"2.1.0",`, ``, 1),
		strings.Replace(valid, `"message":{"text":"m"}`, `"message":"m"`, 1),
	} {
		if validateSARIF(schema, []byte(bad)) == nil {
			t.Errorf("the schema accepts an invalid log: %s", bad)
		}
	}
}

// TestSARIFFlags: -NAME=false leaves an analyzer out, as under go vet.
func TestSARIFFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := sarifMain([]string{"-sarif", "-lockorder=false", "../../envgen/detect/testdata/src/p1"}, detect.Analyzers, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, &stderr)
	}
	var log sarifLog
	if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		if r.ID == "lockorder" {
			t.Errorf("-lockorder=false still lists the rule lockorder")
		}
	}
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "lockorder" {
			t.Errorf("-lockorder=false still reports %q", r.Message.Text)
		}
	}
}

// TestDocFlagsSARIF: docs/flags.md's table of mcheck-vet lists -sarif and
// names every analyzer that -NAME=false turns off.
func TestDocFlagsSARIF(t *testing.T) {
	b, err := os.ReadFile("../../docs/flags.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "## `mcheck-vet`")
	sec, _, _ = strings.Cut(sec, "\n## ")
	if !ok || !strings.Contains(sec, "| `-sarif` |") {
		t.Fatal("docs/flags.md has no section \"## `mcheck-vet`\" with a row for -sarif")
	}
	for _, a := range detect.Analyzers {
		if !strings.Contains(sec, a.Name) {
			t.Errorf("docs/flags.md's mcheck-vet section does not name the analyzer %s", a.Name)
		}
	}
}
