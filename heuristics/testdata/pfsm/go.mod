module pfsmtest

go 1.26
