module realworld/semaphore-cancel-wakeup/fixed

go 1.26.0

require (
	github.com/mcheck-dev/mcheck v0.0.0
	golang.org/x/sync v0.24.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../../../..

// mcheck needs golang.org/x/sync v0.24.0 (through golang.org/x/tools), so the
// version under test is pinned by this replace.
replace golang.org/x/sync => golang.org/x/sync v0.0.0-20200625203802-6e8e738ad208
