package gcpace

import (
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// collected runs a collection and waits for the pacing's finalizer to
// have re-paced after it: until the percentage is want(), worked out
// from the live heap the collection left (or two seconds).
func collected(t *testing.T, want func() int) {
	t.Helper()
	runtime.GC()
	for deadline := time.Now().Add(2 * time.Second); gogc() != want() && time.Now().Before(deadline); {
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	require.Equal(t, want(), gogc(), "after a collection, live heap %d bytes", liveHeap())
}

// TestHold: holders in progress, nested or not, let the heap grow by the
// largest headroom held; the last one to release restores the default;
// a process with GOGC or GOMEMLIMIT set, or a percentage of its own,
// keeps it.
func TestHold(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	runtime.GC()
	outer := Hold(Explore)
	require.Equal(t, percent(Explore, liveHeap()), gogc())
	require.Greater(t, gogc(), 100, "live heap %d bytes", liveHeap())
	load := Hold(Load)
	require.Equal(t, percent(Explore, liveHeap()), gogc(), "the larger headroom")
	outer()
	outer() // a second call does nothing
	require.Equal(t, percent(Load, liveHeap()), gogc(), "after the exploration, the load's")
	load()
	require.Equal(t, 100, gogc(), "after the last holder")

	t.Setenv("GOGC", "100")
	release := Hold(Load)
	require.Equal(t, 100, gogc(), "with GOGC set")
	release()
	t.Setenv("GOGC", "")

	prev := debug.SetGCPercent(150)
	defer debug.SetGCPercent(prev)
	release = Hold(Load)
	require.Equal(t, 150, gogc(), "with a percentage of the process's own")
	release()
	require.Equal(t, 150, gogc())
}

// TestRepace: the percentage follows the live heap each collection
// leaves, while it is held; a live heap over the headroom is paced as by
// default.
func TestRepace(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	runtime.GC()
	release := Hold(Load)
	defer release()
	require.Greater(t, gogc(), 100)
	def := func() int { return 100 }
	ballast := make([]byte, 2*Load)
	collected(t, def)
	runtime.KeepAlive(ballast)
	ballast = nil
	collected(t, func() int { return percent(Load, liveHeap()) })
	require.Greater(t, gogc(), 100)
	release()
	collected(t, def)
	time.Sleep(10 * time.Millisecond)
	require.Equal(t, 100, gogc(), "no finalizer re-paces after the release")
}

// TestHoldKeepsTheProcesssChange: a percentage the process sets while
// the pacing is held is its own: no collection re-paces it, and the
// release leaves it.
func TestHoldKeepsTheProcesssChange(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	runtime.GC()
	release := Hold(Load)
	require.Greater(t, gogc(), 100)
	debug.SetGCPercent(300)
	defer debug.SetGCPercent(100)
	collected(t, func() int { return 300 })
	release()
	require.Equal(t, 300, gogc(), "after the release")
	debug.SetGCPercent(100)
	release = Hold(Load)
	require.Greater(t, gogc(), 100, "a new hold, the default back")
	debug.SetGCPercent(250)
	release()
	require.Equal(t, 250, gogc(), "released before any collection")
	debug.SetGCPercent(100)
	release = Hold(Load)
	release()
	require.Equal(t, 100, gogc())
}

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		headroom, live uint64
		want           int
	}{
		{Load, 0, 1200},          // before the first collection: 4 MB live
		{Load, 24 << 20, 200},    // the heap may grow by 48 MB over 24
		{Load, 48 << 20, 100},    // the default
		{Load, 200 << 20, 100},   // never under the default
		{Explore, 1 << 20, 2000}, // at most 2000
	} {
		require.Equal(t, c.want, percent(c.headroom, c.live), "headroom %d, live %d", c.headroom, c.live)
	}
}

// TestHoldConcurrent: holders of both headrooms come and go on many
// goroutines while collections run; once all have released, the
// default is back, and no finalizer re-paces it.
func TestHoldConcurrent(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				release := Hold([]uint64{Load, Explore}[(i+j)%2])
				if j%10 == 0 {
					runtime.GC()
				}
				release()
			}
		})
	}
	wg.Wait()
	require.Equal(t, 100, gogc())
	collected(t, func() int { return 100 })
}
