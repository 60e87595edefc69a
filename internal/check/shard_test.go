package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
)

// TestShardFlag: -mcheck.shard=i/n sets the shard; what is not a shard
// is refused, naming the flag.
func TestShardFlag(t *testing.T) {
	t.Parallel()
	if c := given(t, Config{}, "-mcheck.shard=3/4"); c.Shard != (sched.Shard{Index: 3, Total: 4}) || c.Err() != nil {
		t.Errorf("-mcheck.shard=3/4: %+v %v", c.Shard, c.Err())
	}
	if c := given(t, Config{}); !c.Shard.Whole() {
		t.Errorf("no flag: shard %v", c.Shard)
	}
	for _, arg := range []string{"-mcheck.shard=4/4", "-mcheck.shard=x", "-mcheck.shard=1/0"} {
		c := given(t, Config{}, arg)
		if err := c.Err(); err == nil || !strings.HasPrefix(err.Error(), "-mcheck.shard: ") {
			t.Errorf("%s: %v", arg, err)
		}
	}
	// The flag overrides the environment.
	var c Config
	c.UseEnvShard(sched.Shard{Index: 1, Total: 2}, nil)
	if c = given(t, c, "-mcheck.shard=0/3"); c.Shard != (sched.Shard{Index: 0, Total: 3}) {
		t.Errorf("the flag over the environment: %v", c.Shard)
	}
}

// TestEnvShard: Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX make the
// shard, with the status file to touch; without them the check is
// whole; values that make no shard are an error.
func TestEnvShard(t *testing.T) {
	t.Parallel()
	status := filepath.Join(t.TempDir(), "shard_status")
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	shard, file, err := EnvShard(env(map[string]string{EnvTotalShards: "4", EnvShardIndex: "3", EnvShardStatus: status}))
	if err != nil || shard != (sched.Shard{Index: 3, Total: 4}) || file != status {
		t.Fatalf("EnvShard: %v %q %v", shard, file, err)
	}
	if err := TouchShardStatus(file); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(status); err != nil {
		t.Errorf("the status file was not touched: %v", err)
	}
	if err := TouchShardStatus(file); err != nil {
		t.Errorf("touching it again: %v", err)
	}
	if shard, file, err := EnvShard(env(nil)); err != nil || !shard.Whole() || file != "" {
		t.Errorf("no environment: %v %q %v", shard, file, err)
	}
	for _, vars := range []map[string]string{
		{EnvTotalShards: "4"},
		{EnvTotalShards: "4", EnvShardIndex: "4"},
		{EnvTotalShards: "four", EnvShardIndex: "0"},
	} {
		if _, _, err := EnvShard(env(vars)); err == nil || !strings.Contains(err.Error(), EnvShardIndex) {
			t.Errorf("%v: %v", vars, err)
		}
		shard, _, err := EnvShard(env(vars))
		var c Config
		c.UseEnvShard(shard, err)
		if c.Err() == nil {
			t.Errorf("%v: not refused", vars)
		}
	}
}

// TestShardSearch: a check on shard 3 of 4 finds the deadlock of
// DiningPhil(5) and says which shard it was; its token replays with no
// shard and on shard 0, and a replay is never split; a clean check's
// summary names its shard, and the JSON report carries it.
func TestShardSearch(t *testing.T) {
	t.Parallel()
	target, id := loadExample(t, "diningphil", "dinePhil5")
	var c Config
	c.Seed, c.Executions, c.Shard = 1, 2000, sched.Shard{Index: 3, Total: 4}
	rep, err := Explore(target, id, "", c)
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil || f.Kind != sched.GlobalDeadlock || rep.Shard != c.Shard {
		t.Fatalf("shard 3/4: %+v", rep.Report)
	}
	res := &Result{ID: id, Run: rep, Replay: "go test -mcheck.replay=TOKEN"}
	if text := res.Text(); !strings.Contains(text, "found by portfolio, shard 3/4 after ") {
		t.Errorf("the report does not say which shard:\n%s", text)
	}
	if got := res.Report().Figures.Shard; got != "3/4" {
		t.Errorf("JSON figures: shard %q", got)
	}
	for _, shard := range []sched.Shard{{}, {Index: 0, Total: 4}} {
		r := c
		r.Shard, r.Replay = shard, res.Token()
		again, err := Explore(target, id, "", r)
		if err != nil || again.Failure == nil || !again.Replayed || !again.Shard.Whole() {
			t.Fatalf("the token of shard 3/4 on shard %q: %+v %v", shard, again, err)
		}
		if again.Failure.Kind != f.Kind || len(again.Failure.Trace) != len(f.Trace) {
			t.Errorf("on shard %q the token replays %s in %d steps; shard 3/4 found %s in %d", shard, again.Failure.Kind, len(again.Failure.Trace), f.Kind, len(f.Trace))
		}
	}
	clean, cid := loadExample(t, "diningphil", "dinePhil5Ordered")
	c.Executions = 40
	rep, err = Explore(clean, cid, "", c)
	if err != nil || rep.Failure != nil {
		t.Fatalf("fixed twin: %v %v", rep, err)
	}
	if s := rep.Summary(); !strings.Contains(s, "(portfolio, shard 3/4)") {
		t.Errorf("clean summary: %s", s)
	}
}
