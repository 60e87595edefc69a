module loadprobe/conc

go 1.26.0

require (
	github.com/mcheck-dev/mcheck v0.0.0
	github.com/sourcegraph/conc v0.3.0
)

require (
	go.uber.org/atomic v1.7.0 // indirect
	go.uber.org/multierr v1.9.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../../../..
