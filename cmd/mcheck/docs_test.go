package main

import (
	"bytes"
	"flag"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
)

// helpFlag is a flag as "mcheck COMMAND -h" lists it.
type helpFlag struct {
	name, typ, def string // def: "" if the default is the type's zero value
}

// helpDefault is the default flag.PrintDefaults appends to a usage.
var helpDefault = regexp.MustCompile(`\(default ("(?:[^"\\]|\\.)*"|[^()\s]+)\)$`)

// helpFlags runs "mcheck cmd -h" and reads the flags it lists.
func helpFlags(t *testing.T, cmd string) []helpFlag {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(".", []string{cmd, "-h"}, &out, &errb); code != 0 {
		t.Fatalf("mcheck %s -h: exit status %d\n%s", cmd, code, errb.String())
	}
	var flags []helpFlag
	var usage []string
	flush := func() {
		if len(flags) == 0 {
			return
		}
		f := &flags[len(flags)-1]
		m := helpDefault.FindStringSubmatch(strings.Join(usage, " "))
		usage = nil
		if m == nil {
			return
		}
		v := m[1]
		var err error
		switch f.typ {
		case "string":
			v, err = strconv.Unquote(v)
		case "int":
			_, err = strconv.Atoi(v)
		case "uint":
			_, err = strconv.ParseUint(v, 10, 64)
		case "float":
			_, err = strconv.ParseFloat(v, 64)
		case "duration":
			_, err = time.ParseDuration(v)
		}
		if err == nil {
			f.def = v // else the usage's own words, not flag's default
		}
	}
	for line := range strings.Lines(out.String()) {
		line = strings.TrimRight(line, "\n")
		if !strings.HasPrefix(line, "  -") {
			usage = append(usage, strings.TrimSpace(line))
			continue
		}
		flush()
		head, rest, _ := strings.Cut(strings.TrimPrefix(line, "  -"), "\t")
		name, typ, _ := strings.Cut(head, " ")
		flags = append(flags, helpFlag{name: name, typ: typ})
		usage = []string{rest}
	}
	flush()
	if len(flags) == 0 {
		t.Fatalf("mcheck %s -h lists no flags:\n%s", cmd, out.String())
	}
	return flags
}

// TestReadmeCommandFlags: docs/flags.md's table of each command's own
// flags lists every flag "mcheck COMMAND -h" shows besides the flags of
// the check (which the table of go test flags documents, checked by the
// root package's TestReadmeFlags), and only those, with their defaults.
func TestReadmeCommandFlags(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/flags.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	shared := flag.NewFlagSet("", flag.ContinueOnError)
	check.Define(shared, "")
	// test and explore take the check's flags; run and envgen have flags
	// of their own, some of the same names.
	takesCheck := map[string]bool{"test": true, "explore": true}
	for _, cmd := range []string{"test", "explore", "run", "envgen"} {
		documented := commandTable(t, doc, cmd)
		for _, f := range helpFlags(t, cmd) {
			if takesCheck[cmd] && shared.Lookup(f.name) != nil {
				if _, ok := documented[f.name]; ok {
					t.Errorf("docs/flags.md lists -%s among mcheck %s's own flags; it is a flag of the check (-mcheck.%s)", f.name, cmd, f.name)
				}
				continue
			}
			got, ok := documented[f.name]
			delete(documented, f.name)
			switch {
			case !ok:
				t.Errorf("docs/flags.md's table of mcheck %s lacks -%s", cmd, f.name)
			case got != f.def && !(got == "" && (f.def == "0" || f.def == "false")):
				t.Errorf("docs/flags.md: mcheck %s -%s's default is %q; mcheck %s -h says %q", cmd, f.name, got, cmd, f.def)
			}
		}
		for name := range documented {
			t.Errorf("docs/flags.md lists -%s for mcheck %s, which has no such flag", name, cmd)
		}
	}
}

// commandTable returns the flags of the table under docs/flags.md's
// heading "## `mcheck cmd`" with their defaults (the first code span of
// the second cell, or "").
func commandTable(t *testing.T, doc, cmd string) map[string]string {
	t.Helper()
	heading := "## `mcheck " + cmd + "`"
	_, sec, ok := strings.Cut(doc, "\n"+heading)
	if !ok {
		t.Fatalf("docs/flags.md has no heading %q", heading)
	}
	if i := strings.Index(sec, "\n## "); i >= 0 {
		sec = sec[:i]
	}
	code := regexp.MustCompile("`([^`]*)`")
	flags := map[string]string{}
	for line := range strings.Lines(sec) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if !strings.HasPrefix(strings.TrimSpace(line), "| `-") || len(cells) < 2 {
			continue
		}
		name := strings.TrimPrefix(code.FindStringSubmatch(cells[0])[1], "-")
		def := ""
		if m := code.FindStringSubmatch(cells[1]); m != nil {
			def = m[1]
		}
		flags[name] = def
	}
	if len(flags) == 0 {
		t.Fatalf("docs/flags.md has no table of flags under %q", heading)
	}
	return flags
}
