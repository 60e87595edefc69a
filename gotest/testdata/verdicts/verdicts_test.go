package verdicts

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestBefore(t *testing.T) { mcheck.Run(t, func(t *testing.T) {}) }

func TestRunLoop(t *testing.T)   { mcheck.Run(t, func(t *testing.T) { Loop() }) }
func TestRunDeep(t *testing.T)   { mcheck.Run(t, func(t *testing.T) { Deep(0) }) }
func TestRunHog(t *testing.T)    { mcheck.Run(t, func(t *testing.T) { Hog() }) }
func TestRunNative(t *testing.T) { mcheck.Run(t, func(t *testing.T) { Native() }) }

// check runs body with mcheck.Check, which must return the error.
func check(t *testing.T, body func(*testing.T)) {
	rep, err := mcheck.Check(t, body)
	if err == nil {
		t.Fatalf("mcheck.Check returned no error; report: %+v", rep)
	}
	t.Logf("mcheck.Check: %v", err)
}

func TestCheckLoop(t *testing.T)   { check(t, func(t *testing.T) { Loop() }) }
func TestCheckDeep(t *testing.T)   { check(t, func(t *testing.T) { Deep(0) }) }
func TestCheckHog(t *testing.T)    { check(t, func(t *testing.T) { Hog() }) }
func TestCheckNative(t *testing.T) { check(t, func(t *testing.T) { Native() }) }

func TestComponentLoop(t *testing.T)   { mcheck.Component(t, NewLooper) }
func TestComponentDeep(t *testing.T)   { mcheck.Component(t, NewDiver) }
func TestComponentHog(t *testing.T)    { mcheck.Component(t, NewHogger) }
func TestComponentNative(t *testing.T) { mcheck.Component(t, NewCaller) }

// Misuse of the API: no constructor.
func TestComponentMisuse(t *testing.T) { mcheck.Component(t, 42) }

func TestAfter(t *testing.T) { mcheck.Run(t, func(t *testing.T) {}) }
