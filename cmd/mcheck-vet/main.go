// Command mcheck-vet runs mcheck's static detectors of suspicious method
// pairs, the patterns P1–P4 of Pavel Parizek and Frantisek Plasil,
// "Heuristic Reduction of Parallelism in Component Environment", CBSE
// 2008, and mcheck's own P5 and P6 (package
// github.com/mcheck-dev/mcheck/envgen/detect), as a vet tool:
//
//	go install github.com/mcheck-dev/mcheck/cmd/mcheck-vet
//	go vet -vettool=$(which mcheck-vet) ./...
//
// The analyzers are lockorder (P1), lockedwait (P2), mixedlocks (P3),
// unsyncshared (P4), splitsection (P5) and waitloop (P6); flags such as
// -lockorder=false turn one off. Each diagnostic ends with the pattern's
// weight (the paper's Table 1 for P1–P4). The findings are
// heuristic: they say which methods are worth exercising in parallel,
// and mcheck.Component decides whether they are bugs.
//
// With -sarif, mcheck-vet runs by itself instead of under go vet: it loads
// the packages named on the command line and writes the findings as one
// SARIF 2.1.0 log on standard output (one rule per analyzer, paths
// relative to the module root), for GitHub code scanning and other SARIF
// readers; it exits 0 whether or not it found something, 1 if the
// packages do not load:
//
//	mcheck-vet -sarif ./... > mcheck-vet.sarif
package main

import (
	"os"
	"slices"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() {
	if slices.ContainsFunc(os.Args[1:], isSARIFFlag) {
		os.Exit(sarifMain(os.Args[1:], detect.Analyzers, os.Stdout, os.Stderr))
	}
	unitchecker.Main(detect.Analyzers...)
}

// isSARIFFlag reports whether arg turns SARIF mode on.
func isSARIFFlag(arg string) bool {
	switch arg {
	case "-sarif", "--sarif", "-sarif=true", "--sarif=true":
		return true
	}
	return false
}
