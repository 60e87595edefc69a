package sched

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"

	"github.com/stretchr/testify/require"
)

func gogc() uint64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestTuneGC: explorations in progress, nested or not, let the heap grow
// by gcHeadroom; the last one to end restores the default; a process
// with GOGC or GOMEMLIMIT set, or a percentage of its own, keeps it.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	live := s[0].Value.Uint64()
	want := uint64(100)
	if live < gcHeadroom {
		want = min(100*gcHeadroom/max(live, 4<<20), 2000)
	}
	outer := tuneGC()
	require.Equal(t, want, gogc(), "live heap %d bytes", live)
	inner := tuneGC()
	inner()
	require.Equal(t, want, gogc(), "after the inner exploration")
	outer()
	require.Equal(t, uint64(100), gogc(), "after the last exploration")

	t.Setenv("GOGC", "100")
	tuneGC()()
	restore := tuneGC()
	require.Equal(t, uint64(100), gogc(), "with GOGC set")
	restore()
	t.Setenv("GOGC", "")

	prev := debug.SetGCPercent(150)
	defer debug.SetGCPercent(prev)
	restore = tuneGC()
	require.Equal(t, uint64(150), gogc(), "with a percentage of the process's own")
	restore()
	require.Equal(t, uint64(150), gogc())
}
