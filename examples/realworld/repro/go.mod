module repro

go 1.26.0
