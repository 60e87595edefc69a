module github.com/mcheck-dev/mcheck/examples/backend

go 1.26.0

require (
	github.com/DATA-DOG/go-sqlmock v1.5.2
	github.com/mcheck-dev/mcheck v0.0.0
	google.golang.org/grpc v1.81.1
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260226221140-a57be14db171 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)

replace github.com/mcheck-dev/mcheck => ../..
