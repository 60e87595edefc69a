package sched

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcheck-dev/mcheck/internal/splitmix"
)

// Sharding splits one exploration among Total processes (CI jobs,
// machines, Bazel's test shards), each given its Index, so that together
// they explore what one exploration with Total times the budget would,
// and none repeats another's work:
//
//   - The seeded strategies (random, pct, random+pct, and the searches
//     built on them) split the executions: the shard with index k runs
//     the executions of the unsharded exploration whose index is in its
//     blocks, pairs of consecutive indexes dealt round-robin (k's are
//     2k and 2k+1, then 2(k+Total) and 2(k+Total)+1, ...), each with the
//     seed that index has unsharded. Pairs, so that random+pct still
//     alternates random (even) and pct (odd) on every shard. With an
//     execution budget of N (even) per shard, the Total shards run
//     exactly executions 0 to Total*N-1 of the unsharded exploration.
//   - A search that learns as it goes (the EDA, guided test) gets the
//     seeds of its shard's executions: each shard runs a search of its
//     own from other seeds, not a part of one search. So does a search
//     split by its seed (Seed).
//   - dfs splits the tree of schedules (splitDepth): down to a depth that
//     depends on Total, every shard walks the same top of the tree,
//     without partial-order reduction there, and the subtrees below it,
//     numbered in the order dfs reaches them, are dealt round-robin; each
//     shard explores its own with source-DPOR and sleep sets. A schedule
//     shorter than that depth is explored by every shard.
//
// A shard's failure replays anywhere: a token holds the execution's seed
// and choices, whatever shard found it, and a replay is never split.
type Shard struct {
	Index int // from 0
	Total int // 0 or 1: the whole exploration
}

// ParseShard parses "i/n", shard i (from 0) of n.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, ierr := strconv.Atoi(is)
	n, nerr := strconv.Atoi(ns)
	if !ok || ierr != nil || nerr != nil {
		return Shard{}, fmt.Errorf("%q is not a shard: want i/n, shard i (from 0) of n", s)
	}
	sh := Shard{Index: i, Total: n}
	return sh, sh.Valid()
}

// Valid returns an error unless 0 <= Index < Total (or s is the whole).
func (s Shard) Valid() error {
	if s.Total == 0 && s.Index == 0 {
		return nil
	}
	if s.Total < 1 || s.Index < 0 || s.Index >= s.Total {
		return fmt.Errorf("shard %d/%d: want i/n with n at least 1 and 0 <= i < n", s.Index, s.Total)
	}
	return nil
}

// Whole reports whether s is the whole exploration (no sharding).
func (s Shard) Whole() bool { return s.Total <= 1 }

// String returns "i/n", or "" for the whole exploration.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Total)
}

// Seed returns the seed of the shard's own search, for a search that is
// split by its seed rather than by its executions (mcheck.Component's
// restart loop, whose attempts draw environments from their seeds):
// seed itself for the whole.
func (s Shard) Seed(seed uint64) uint64 {
	if s.Whole() {
		return seed
	}
	return splitmix.Next(seed ^ uint64(s.Total)<<32 ^ uint64(s.Index)*0xd6e8feb86659fd93)
}

// shardBlock is how many consecutive executions of the unsharded
// exploration go to one shard before the next shard's: random+pct's
// period, so that each shard alternates as the whole does.
const shardBlock = 2

// Execution returns the index in the unsharded exploration of the
// shard's execution i.
func (s Shard) Execution(i int) int {
	if s.Whole() {
		return i
	}
	return (i/shardBlock*s.Total+s.Index)*shardBlock + i%shardBlock
}

// splitDepth is the depth of the choice points at which dfs deals the
// subtrees among the shards: 8, and 2 more for every doubling of the
// shards (12 for 4). Deeper, there are more subtrees, which balances the
// shards better (the first subtrees, with the preemption bound unspent,
// are the largest), but every shard walks the top of the tree; on
// sched/testdata/dining5 (bound 3, 2,113 schedules) 4 shards ran 995,
// 608, 1,059 and 668 schedules at this depth, against 1,519 for the
// largest at depth 5.
func (s Shard) splitDepth() int {
	d := 8
	for n := 1; n < s.Total; n *= 2 {
		d += 2
	}
	return d
}
