// Command mcheck-vet runs mcheck's static detectors of suspicious method
// pairs, the patterns P1–P4 of Parizek and Plasil (package
// github.com/mcheck-dev/mcheck/envgen/detect), as a vet tool:
//
//	go install github.com/mcheck-dev/mcheck/cmd/mcheck-vet
//	go vet -vettool=$(which mcheck-vet) ./...
//
// The analyzers are lockorder (P1), lockedwait (P2), mixedlocks (P3) and
// unsyncshared (P4); flags such as -lockorder=false turn one off. Each
// diagnostic ends with the pattern's Table 1 weight. The findings are
// heuristic: they say which methods are worth exercising in parallel,
// and mcheck.Component decides whether they are bugs.
package main

import (
	"github.com/mcheck-dev/mcheck/envgen/detect"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() { unitchecker.Main(detect.Analyzers...) }
