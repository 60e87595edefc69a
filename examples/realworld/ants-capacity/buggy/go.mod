module realworld/ants-capacity/buggy

go 1.26.0

require (
	github.com/mcheck-dev/mcheck v0.0.0
	github.com/panjf2000/ants/v2 v2.11.3
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../../../..
