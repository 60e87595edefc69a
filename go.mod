module github.com/mcheck-dev/mcheck

go 1.26

require (
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
