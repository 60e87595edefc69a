package main

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// setHostMemoryLimit gives the Go runtime of the mcheck test process a
// soft memory limit (runtime/debug.SetMemoryLimit) of three quarters of
// the machine's memory (or of the cgroup's limit, if lower), unless the
// user set GOMEMLIMIT. Each execution's allocations are bounded
// (-memory), but several run at once and the collector lets the heap
// grow to twice what is live before it collects: a suite with a
// memory-hungry test can still reach the machine's capacity. Near the
// limit the collector works harder instead (measured: two workers each
// running a test to its 1 GiB bound peaked at 3.06 GB resident without
// a limit, 2.61 GB with 2.5 GiB, 1.84 GB with 1.5 GiB at 45% more CPU),
// so the limit is set where dying is the alternative, and costs nothing
// below it. It returns the limit set, 0 for none.
func setHostMemoryLimit() int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return 0
	}
	total := physicalMemory()
	if total <= 0 {
		return 0
	}
	limit := total / 4 * 3
	debug.SetMemoryLimit(limit)
	return limit
}

// physicalMemory returns the memory the process may use: MemTotal of
// /proc/meminfo, or the cgroup (v2 or v1) limit if lower; 0 if unknown
// (not Linux).
func physicalMemory() int64 {
	var total int64
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
				kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				if err == nil {
					total = kb << 10
				}
				break
			}
		}
		f.Close()
	}
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
}
