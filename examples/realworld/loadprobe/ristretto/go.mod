module loadprobe/ristretto

go 1.26.0

require (
	github.com/dgraph-io/ristretto/v2 v2.4.2
	github.com/mcheck-dev/mcheck v0.0.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../../../..
