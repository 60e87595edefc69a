module guidedtest

go 1.26
