package check

import (
	"fmt"
	"os"
	"strconv"

	"github.com/mcheck-dev/mcheck/sched"
)

// Bazel's test-sharding protocol (the Bazel test encyclopedia, "Test
// sharding"): a test target with shard_count = n runs as n processes,
// each with TEST_TOTAL_SHARDS = n and its TEST_SHARD_INDEX, and a test
// runner that supports sharding says so by creating (touching) the file
// TEST_SHARD_STATUS_FILE names; Bazel fails a sharded test whose runner
// did not. mcheck splits the exploration of each check among the shards
// (sched.Shard), the way -mcheck.shard=i/n does, which overrides it.
const (
	EnvTotalShards = "TEST_TOTAL_SHARDS"
	EnvShardIndex  = "TEST_SHARD_INDEX"
	EnvShardStatus = "TEST_SHARD_STATUS_FILE"
)

// EnvShard returns the shard that Bazel's environment, read by getenv,
// asks for: the whole if TEST_TOTAL_SHARDS is unset, and the status
// file to touch ("" if none). Values that do not make a shard are an
// error naming the variables.
func EnvShard(getenv func(string) string) (shard sched.Shard, status string, err error) {
	total := getenv(EnvTotalShards)
	if total == "" {
		return sched.Shard{}, "", nil
	}
	n, nerr := strconv.Atoi(total)
	i, ierr := strconv.Atoi(getenv(EnvShardIndex))
	shard = sched.Shard{Index: i, Total: n}
	if nerr != nil || ierr != nil || shard.Valid() != nil {
		return sched.Shard{}, "", fmt.Errorf("%s=%q and %s=%q do not make a shard: want 0 <= index < total", EnvShardIndex, getenv(EnvShardIndex), EnvTotalShards, total)
	}
	return shard, getenv(EnvShardStatus), nil
}

// TouchShardStatus creates the file status (Bazel's
// TEST_SHARD_STATUS_FILE) if it does not exist, or updates its time.
func TouchShardStatus(status string) error {
	f, err := os.OpenFile(status, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("%s: %w", EnvShardStatus, err)
	}
	return f.Close()
}

// UseEnvShard gives c the shard the environment asks for (EnvShard's
// results), or refuses err; a -shard flag applied after overrides it.
func (c *Config) UseEnvShard(shard sched.Shard, err error) {
	if err != nil {
		c.refuse("%v", err)
		return
	}
	c.Shard = shard
}
