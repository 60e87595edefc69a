package main

import (
	"flag"
	"fmt"
	"time"
)

var (
	name  = flag.String("name", "world", "who to greet")
	n     = flag.Int("n", 1, "how many times")
	delay = flag.Duration("delay", time.Millisecond, "between greetings")
)

func main() {
	flag.Parse()
	for i := 0; i < *n; i++ {
		fmt.Println("hello", *name, *delay, flag.Args())
	}
	fs := flag.NewFlagSet("sub", flag.ContinueOnError)
	v := fs.Bool("v", false, "verbose")
	err := fs.Parse([]string{"-v", "rest"})
	fmt.Println(*v, err, fs.Args(), flag.NArg())
	fmt.Println(fs.Parse([]string{"-nope"}))
}
