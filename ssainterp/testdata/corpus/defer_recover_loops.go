// Tests defers and recovers across loops and nested calls: per-iteration recovery, defer order across frames.
package main

import (
	"errors"
	"fmt"
)

func process(i int) (res string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("item %d: %v", i, r)
		}
	}()
	defer fmt.Println("  cleanup", i)
	switch i % 4 {
	case 1:
		panic("odd failure")
	case 2:
		var m map[int]int
		m[i] = i
	case 3:
		panic(errors.New("error value"))
	}
	return fmt.Sprint("ok ", i), nil
}

func level(n int, log *[]string) {
	defer func() { *log = append(*log, fmt.Sprint("exit ", n)) }()
	if n == 0 {
		panic("bottom")
	}
	level(n-1, log)
}

func main() {
	for i := range 6 {
		res, err := process(i)
		fmt.Printf("%d: res=%q err=%v\n", i, res, err)
	}
	var log []string
	func() {
		defer func() {
			r := recover()
			log = append(log, fmt.Sprint("recovered ", r))
		}()
		level(4, &log)
	}()
	fmt.Println(log)
	// defer closure sees loop results
	total := 0
	func() {
		defer func() { fmt.Println("deferred total:", total) }()
		for i := range 5 {
			defer func() { total += i }()
		}
	}()
	fmt.Println("total after:", total)
	// panics inside deferred calls in a loop, each recovered by the next deferred
	out := func() (s []string) {
		for i := range 3 {
			defer func() {
				if r := recover(); r != nil {
					s = append(s, fmt.Sprint("recovered ", r))
				}
			}()
			defer func() { panic(fmt.Sprint("p", i)) }()
		}
		return nil
	}()
	fmt.Println(out)
}
