package main

import (
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/mcheck-dev/mcheck/restarts"
)

// envgenCmd implements "mcheck envgen", for //go:generate lines: it
// writes environments of the component a constructor of the package in
// the current directory returns as a _test.go file of plain tests.
func envgenCmd(dir string, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("envgen", stderr)
	ctor := fs.String("ctor", "", "the constructor: a function of the package that returns the component")
	env := fs.String("env", envgen.Random, "the kind of environment: random or universal")
	n := fs.Int("n", 4, "how many environments")
	seed := fs.Uint64("seed", 1, "the seed the environments are drawn from")
	goroutines := fs.Int("goroutines", 2, "goroutines per environment")
	calls := fs.Int("calls", 0, "universal: calls per goroutine (default twice the number of methods)")
	methods := fs.String("methods", "", "comma-separated: only these methods")
	exclude := fs.String("exclude", "", "comma-separated: not these methods")
	initM := fs.String("init", "", "a method called once before the goroutines start")
	finish := fs.String("finish", "", "a method called once after they all returned")
	protocol := fs.String("protocol", "", "a calling protocol: environments are its random traces (as mcheck.Protocol)")
	reduction := fs.String("reduction", "none", "draw from a reduction of parallelism of the protocol (or of the default one) by the P1–P4 weights: prefixes, sensitive or recursive")
	threshold := fs.Float64("threshold", envgen.DefaultThreshold, "the recursive reduction's threshold")
	out := fs.String("o", "", "the file to write (default <ctor>_env_test.go)")
	pkgDir := fs.String("dir", ".", "the package's directory")
	if code := parse(fs, "envgen", args, stdout, stderr); code >= 0 {
		return code
	}
	pdir := *pkgDir
	if !filepath.IsAbs(pdir) {
		pdir = filepath.Join(dir, pdir)
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "mcheck envgen: "+format+"\n", args...)
		return 2
	}
	if *ctor == "" || fs.NArg() > 0 {
		return fail("usage: mcheck envgen -ctor NewX [-env random|universal] [-protocol P] [-n K] [-seed S] [-o FILE]")
	}
	if *env != envgen.Random && *env != envgen.Universal {
		return fail("-env %s: want random or universal", *env)
	}
	if *n < 1 || *goroutines < 1 {
		return fail("-n and -goroutines must be positive")
	}
	red := envgen.Unreduced
	for r, name := range envgen.ReductionNames {
		if name == *reduction {
			red = r
		}
	}
	if red == envgen.Unreduced && *reduction != "none" || red != envgen.Unreduced && *env != envgen.Random {
		return fail("-reduction %s: want none, prefixes, sensitive or recursive, of random environments", *reduction)
	}
	mode := packages.NeedName | packages.NeedTypes
	if red != envgen.Unreduced {
		mode |= packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports
	}
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: pdir}, ".")
	if err != nil {
		return fail("%v", err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		return fail("the package in %s does not compile", *pkgDir)
	}
	pkg := pkgs[0].Types
	obj, ok := pkg.Scope().Lookup(*ctor).(*types.Func)
	if !ok {
		return fail("package %s has no function %s", pkg.Path(), *ctor)
	}
	comp, err := envgen.Extract(*ctor, obj.Signature(), envgen.Options{
		Include: split(*methods), Exclude: split(*exclude), Init: *initM, Finish: *finish, Protocol: *protocol,
	})
	if err != nil {
		return fail("%v", err)
	}
	if red != envgen.Unreduced {
		prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
		prog.Build()
		comp.Reduce(comp.WeightsOf(detect.DetectPackage(prog.Fset, ssaPkgs[0])), *threshold)
		if !slices.ContainsFunc(comp.Reduced, func(r envgen.Reduced) bool { return r.Reduction == red }) {
			return fail("-reduction %s: the %s does not apply to %s (no parallel pair the P1–P4 detectors weigh, or an init phase for parallel prefixes)", *reduction, red, *ctor)
		}
	}
	src := &envgen.Source{Pkg: pkg, Comp: comp, Command: "mcheck envgen " + strings.Join(args, " "), Seed: *seed}
	for i := range *n {
		s := restarts.Seed(*seed, i+1)
		src.Plans = append(src.Plans, envgen.Draw(comp, *env, red, *goroutines, *calls, s))
		src.Seeds = append(src.Seeds, s)
	}
	b, err := src.Bytes()
	if err != nil {
		return fail("%v", err)
	}
	path := *out
	if path == "" {
		path = snake(*ctor) + "_env_test.go"
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(pdir, path)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fail("%v", err)
	}
	for _, note := range comp.Notes {
		fmt.Fprintf(stderr, "mcheck envgen: %s\n", note)
	}
	fmt.Fprintf(stdout, "mcheck envgen: wrote %d environments of %s to %s\n", *n, *ctor, path)
	return 0
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// snake spells NewCache as new_cache.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
