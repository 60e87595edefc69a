module realworld/backoff-next-leak/buggy

go 1.26.0

require (
	github.com/lestrrat-go/backoff/v2 v2.0.7
	github.com/mcheck-dev/mcheck v0.0.0
)

require (
	github.com/lestrrat-go/option v1.0.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../../../..
