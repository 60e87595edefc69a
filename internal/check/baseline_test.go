package check

import (
	"testing"
)

func TestBaselineProbe(t *testing.T) {
	for _, name := range []string{"TestQueue", "TestRacy", "TestLatch", "TestAccounts", "TestEvent", "TestEventFixed"} {
		var c Config
		c.Executions, c.Seed = 3000, 1
		rep, err := CheckComponentTest("testdata/queue", ID{"github.com/mcheck-dev/mcheck/internal/check/testdata/queue", name}, c)
		if err != nil {
			t.Fatal(err)
		}
		r := &Result{Component: rep}
		t.Logf("%s:\n%s", name, r.Text())
	}
}
