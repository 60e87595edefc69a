package gotest

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// TestingT is what the glue uses of a test (mcheck.TestingT).
type TestingT interface {
	Helper()
	Name() string
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

var jsonFile = flag.String("mcheck.json", "", "mcheck: append a JSON report of each check to this file, one object per line (see mcheck.Report)")

func init() { check.Define(flag.CommandLine, "mcheck.") }

// Host is the interpreter host of mcheck's loads (ssainterp.LoadConfig):
// package mcheck's hooks, for tools outside this module (examples/survey)
// that load tests themselves.
var Host = check.Host

// bazelShard is the shard Bazel's test-sharding environment asks for
// (check.EnvShard), decided once, at the first check of the test
// binary. If the status file exists by then, the test runner announced
// sharding itself: it is taken to give each shard its share of the Test
// functions (rules_go's go_test with shard_count does), and each check
// runs whole where it runs. Otherwise the status file is touched and
// every check's exploration is split.
var bazelShard = sync.OnceValues(func() (sched.Shard, error) {
	shard, status, err := check.EnvShard(os.Getenv)
	if err != nil || status == "" {
		return shard, err
	}
	if _, err := os.Stat(status); err == nil {
		return sched.Shard{}, nil
	}
	return shard, check.TouchShardStatus(status)
})

// bubbleExecutions is the budget of a check run inside a testing/synctest
// bubble, where the clock mcheck would measure a time budget on stands
// still while mcheck works.
const bubbleExecutions = 1000

// withFlags applies the -mcheck.* flags given over c and gives it the
// default budget def (1s with -short) if it has none; inside a
// testing/synctest bubble, the budget is counted in executions (the
// -mcheck.executions given, or bubbleExecutions), never in time.
func withFlags(t TestingT, c check.Config, def time.Duration) check.Config {
	t.Helper()
	c.UseEnvShard(bazelShard())
	check.Apply(&c, flag.CommandLine, "mcheck.", nil)
	if inBubble(t) {
		if c.Executions == 0 {
			c.Executions = bubbleExecutions
		}
		c.Time = 0
		t.Logf("mcheck: inside a testing/synctest bubble time stands still: the budget is %d executions", c.Executions)
	}
	check.DefaultBudget(&c, def, testing.Short())
	c.JSON = *jsonFile
	c.Output = c.Output || testing.Verbose()
	// A replay flag without -run is for the token's own test only.
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "mcheck.replay" })
	if run := flag.Lookup("test.run"); given && (run == nil || run.Value.String() == "") {
		c.ReplaySuite = true
	}
	return c
}

// Run explores the test t whose body mcheck.Run was given.
func Run(t TestingT, body any, c check.Config) {
	t.Helper()
	c = withFlags(t, c, check.RunTime)
	id, err := check.Locate(check.TopName(t.Name()), body)
	checkTest(t, c, id, err, func(target sched.Target, res *check.Result) (err error) {
		res.Run, err = check.Explore(target, id, check.CorpusOf(".", id), c)
		return err
	})
}

// Component checks the component ctor constructs, for the test t that
// called mcheck.Component.
func Component(t TestingT, ctor any, c check.Config) {
	t.Helper()
	if v := reflect.ValueOf(ctor); v.Kind() != reflect.Func || v.IsNil() {
		t.Fatalf("mcheck: mcheck.Component needs the component's constructor, a function, not %T", ctor)
		return
	}
	c = withFlags(t, c, check.ComponentTime)
	id, err := check.LocateCaller(check.TopName(t.Name()), 1)
	checkTest(t, c, id, err, func(target sched.Target, res *check.Result) (err error) {
		res.Component, err = component.Check(target, id, check.CorpusOf(".", id), c, nil)
		return err
	})
}

// checkTest loads the test id (unless err says it could not be located)
// and runs check on it, then saves a failure in the test's corpus and
// reports.
func checkTest(t TestingT, c check.Config, id check.ID, err error, run func(sched.Target, *check.Result) error) {
	t.Helper()
	res := &check.Result{ID: id, Replay: fmt.Sprintf("go test -run '^%s$' -mcheck.replay=TOKEN", id.Test)}
	if err == nil {
		err = c.Err()
	}
	if _, mine, bad := id.ReplayFor(c.Replay); err == nil && c.ReplaySuite && bad == nil && !mine {
		// A token for a test of the package runs there; one for no test
		// of it would pass as a replay that never happened.
		err = check.ReplayReachable(".", id.Pkg, c.Replay)
	}
	if err == nil {
		err = check.Guard(func() error {
			target, err := check.LoadTest(".", id, c.Tags)
			if err != nil {
				return err
			}
			target.Prog.SetTestFlags(hostFlags(t))
			if c.Progress != nil {
				fmt.Fprintf(c.Progress, "mcheck: %s: %s\n", id.Test, target.Prog.LoadTimes())
				defer func() {
					fmt.Fprintf(c.Progress, "mcheck: %s: compiling functions from SSA took %s (in all checks of the package so far)\n",
						id.Test, target.Prog.CompileTime().Round(time.Millisecond))
					if r := target.Prog.InitReport(); r != "" {
						fmt.Fprintf(c.Progress, "mcheck: %s: %s\n", id.Test, r)
					}
				}()
			}
			return run(target, res)
		})
	}
	if res.Err = err; err != nil {
		res.Run, res.Component = nil, nil
	}
	res.Save(check.CorpusOf(".", id))
	if c.FullTrace {
		if err := res.WriteTrace(); err != nil {
			t.Errorf("mcheck: -mcheck.trace=full: %v", err)
		}
	}
	if c.ViewTrace {
		if err := res.WriteTraceView(); err != nil {
			t.Errorf("mcheck: -mcheck.trace=view: %v", err)
		}
	}
	finish(t, c, res)
}

// attrT is a test that takes attributes (testing.T.Attr, Go 1.25):
// go test -json prints each as an event {"Action":"attr",...}.
type attrT interface{ Attr(key, value string) }

// finish reports res: its facts as t's attributes (check.Result.Attrs,
// for mcheck.Check too), to the -mcheck.json file, then to c.Sink
// (mcheck.Check) or through t, failing it for a bug.
func finish(t TestingT, c check.Config, res *check.Result) {
	t.Helper()
	if a, ok := t.(attrT); ok {
		for _, kv := range res.Attrs() {
			a.Attr(kv.Key, kv.Value)
		}
	}
	rep := res.Report()
	if c.JSON != "" {
		if err := check.AppendJSON(c.JSON, rep); err != nil {
			t.Errorf("mcheck: -mcheck.json: %v", err)
		}
	}
	if c.Sink != nil {
		if res.Err != nil {
			rep = nil
		}
		c.Sink(rep, res.Err)
		return
	}
	text := strings.TrimSuffix(res.Text(), "\n")
	switch {
	case res.Err != nil:
		t.Fatalf("%s", text)
	case res.Found():
		t.Errorf("%s", text)
	default:
		t.Logf("%s", text)
	}
}

// hostFlags returns go test's own flags as the interpreted test sees
// them: testing.Short, testing.Verbose, and t.Deadline as the time left
// now (whole seconds, so that it reads the same through a run).
func hostFlags(t TestingT) ssainterp.TestFlags {
	f := ssainterp.TestFlags{Short: testing.Short(), Verbose: testing.Verbose()}
	if dt, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if d, ok := deadlineOf(dt); ok {
			f.Timeout = max(time.Until(d).Truncate(time.Second), time.Second)
		}
	}
	return f
}

// deadlineOf returns t.Deadline(), or no deadline inside a
// testing/synctest bubble, where Deadline panics.
func deadlineOf(t interface{ Deadline() (time.Time, bool) }) (d time.Time, ok bool) {
	d, ok, _ = deadlineIn(t)
	return d, ok
}

func deadlineIn(t interface{ Deadline() (time.Time, bool) }) (d time.Time, ok, bubble bool) {
	defer func() {
		if recover() != nil {
			d, ok, bubble = time.Time{}, false, true
		}
	}()
	d, ok = t.Deadline()
	return d, ok, false
}

// inBubble reports whether t runs inside a testing/synctest bubble (its
// Deadline panics there).
func inBubble(t TestingT) bool {
	dt, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return false
	}
	_, _, bubble := deadlineIn(dt)
	return bubble
}
