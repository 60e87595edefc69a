module schedtest

go 1.26
