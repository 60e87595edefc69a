package bug

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/robfig/cron/v3"
)

// robfig/cron#263 "Fix channel scoping in chain.SkipIfStillRunning" (#285):
// one token is shared by every job the wrapper wraps, so a job is skipped
// while a different job is running.
func TestSkipIfStillRunningTwoJobs(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		wrap := cron.SkipIfStillRunning(cron.DiscardLogger)
		release, ran := make(chan struct{}), false
		slow := wrap(cron.FuncJob(func() { <-release }))
		fast := wrap(cron.FuncJob(func() { ran = true }))
		go slow.Run()
		fast.Run()
		close(release)
		if !ran {
			t.Error("job skipped although it was not running")
		}
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() cron.Job { return cron.SkipIfStillRunning(cron.DiscardLogger)(cron.FuncJob(func() {})) })
}
