module github.com/mcheck-dev/mcheck/examples/backend

go 1.26.0

require (
	github.com/DATA-DOG/go-sqlmock v1.5.2
	github.com/mcheck-dev/mcheck v0.0.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

replace github.com/mcheck-dev/mcheck => ../..
