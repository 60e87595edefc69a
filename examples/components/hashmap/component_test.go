package hashmap

// Environments of the fixed twin as plain tests (new_fixed_env_test.go),
// which go test runs natively and mcheck test explores.
//go:generate go run github.com/mcheck-dev/mcheck/cmd/mcheck envgen -ctor NewFixed -n 3

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/examples/components/componenttest"
	"github.com/mcheck-dev/mcheck/sched"
)

// checkBuggy checks the buggy component with default settings (also
// the scenario of go run ./examples/bench restarts).
func checkBuggy(t *testing.T) { mcheck.Component(t, New) }

func TestFindsBug(t *testing.T) { componenttest.FindsBug(t, checkBuggy, sched.DataRace) }

// The fixed twin comes back clean under the default budget.
func TestFixedIsClean(t *testing.T) { mcheck.Component(t, NewFixed) }

func TestSameForAnyWorkers(t *testing.T) { componenttest.SameForAnyWorkers(t, checkBuggy) }
