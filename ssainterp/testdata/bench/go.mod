module bench

go 1.26
