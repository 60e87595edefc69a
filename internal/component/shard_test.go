package component

import (
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// TestComponentShards: each shard runs the restart loop from a seed of
// its own, so two shards draw other environments; a bug found on shard
// 3 of 4 is reported with its shard, and its token replays on shard 0
// and unsharded.
func TestComponentShards(t *testing.T) {
	t.Parallel()
	id := check.ID{Pkg: "github.com/mcheck-dev/mcheck/internal/component/testdata/cache", Test: "TestCache"}
	var c check.Config
	c.Executions, c.Seed, c.Shard = 3000, 1, sched.Shard{Index: 3, Total: 4}
	rep, err := CheckTest("testdata/cache", id, c)
	if err != nil || rep.Failure == nil || rep.Shard != c.Shard {
		t.Fatalf("shard 3/4: %+v %v", rep, err)
	}
	if c.Shard.Seed(1) == 1 || c.Shard.Seed(1) == (sched.Shard{Index: 0, Total: 4}).Seed(1) || (sched.Shard{}).Seed(1) != 1 {
		t.Errorf("shard seeds: %d %d", c.Shard.Seed(1), (sched.Shard{Index: 0, Total: 4}).Seed(1))
	}
	for _, shard := range []sched.Shard{{Index: 0, Total: 4}, {}} {
		r := c
		r.Shard, r.Replay = shard, id.Token(rep.Token)
		again, err := CheckTest("testdata/cache", id, r)
		if err != nil || again.Failure == nil || again.Failure.Kind != rep.Failure.Kind || !again.Replayed || !again.Shard.Whole() {
			t.Errorf("the token of shard 3/4 on shard %q: %+v %v", shard, again, err)
		}
	}
}
