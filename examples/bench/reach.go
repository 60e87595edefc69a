package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/callgraph/rta"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// go run ./examples/bench reach [-top 15]
//
// How much of the code a check's load builds its program could reach:
// the net/http and database/sql package of checkcost, loaded as its
// check loads it (ssainterp.Load with its tests and the check's host),
// then Rapid Type Analysis (golang.org/x/tools/go/callgraph/rta) from
// every function of the package under test and every package
// initialiser. For each
// package built from SSA it prints the SSA instructions of its
// functions and the share of them in functions RTA finds reachable: the
// most that building function bodies on first call, instead of whole
// packages, could leave out. (RTA stops at functions without bodies,
// the bridged and modelled ones, though native code may call back into
// interpreted methods: it can only understate what is reachable, and
// so overstate what lazy building would save.)
func reachMain(args []string) {
	fs := flag.NewFlagSet("reach", flag.ExitOnError)
	top := fs.Int("top", 15, "packages listed, the largest first")
	fs.Parse(args)
	root, dir := rootAndTemp("mcheck-reach-")
	defer exit(0)
	s := costScenarios[len(costScenarios)-1]
	writeCostModule(root, dir, s.src, s.test)
	p, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true, Host: check.Host}, ".")
	must(err)
	prog := p.SSA()
	var roots []*ssa.Function
	for _, pkg := range prog.AllPackages() {
		if init := pkg.Func("init"); init != nil {
			roots = append(roots, init)
		}
	}
	type size struct {
		path       string
		all, reach int
	}
	sizes := map[string]*size{}
	fns := ssautil.AllFunctions(prog)
	for fn := range fns {
		if fn.Pkg != nil && fn.Pkg.Pkg.Path() == "cost" && fn.Blocks != nil {
			roots = append(roots, fn)
		}
	}
	res := rta.Analyze(roots, false)
	for fn := range fns {
		if fn.Pkg == nil || fn.Blocks == nil {
			continue
		}
		n := 0
		for _, b := range fn.Blocks {
			n += len(b.Instrs)
		}
		path := fn.Pkg.Pkg.Path()
		sz := sizes[path]
		if sz == nil {
			sz = &size{path: path}
			sizes[path] = sz
		}
		sz.all += n
		if _, ok := res.Reachable[fn]; ok {
			sz.reach += n
		}
	}
	list := make([]*size, 0, len(sizes))
	total := size{path: fmt.Sprintf("all %d packages built", len(sizes))}
	for _, sz := range sizes {
		list = append(list, sz)
		total.all += sz.all
		total.reach += sz.reach
	}
	slices.SortFunc(list, func(a, b *size) int { return b.all - a.all })
	fmt.Printf("%s: SSA instructions of the functions built, and those RTA reaches\n\n", s.name)
	fmt.Println("| package | instructions | reachable |\n|---|---:|---:|")
	for _, sz := range append(list[:min(*top, len(list))], &total) {
		fmt.Printf("| %s | %d | %d (%.0f%%) |\n", strings.TrimSpace(sz.path), sz.all, sz.reach, 100*float64(sz.reach)/float64(max(sz.all, 1)))
	}
}
