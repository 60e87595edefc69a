// Tests time.Duration printing, arithmetic, rounding, parsing and unit conversion (no wall clock).
package main

import (
	"fmt"
	"time"
)

func main() {
	d := time.Duration(1500) * time.Millisecond
	fmt.Println(d, d.Seconds(), d.Milliseconds(), int64(d))
	for _, x := range []time.Duration{0, 1, 999, time.Microsecond, 1500 * time.Microsecond, time.Second, 90 * time.Minute, 26*time.Hour + 3*time.Second + 4*time.Millisecond, -2 * time.Minute, 1<<63 - 1} {
		fmt.Printf("%v | %d | %s | %.3f h\n", x, x, x.String(), x.Hours())
	}
	fmt.Println(d.Round(time.Second), d.Truncate(time.Second), (2500 * time.Millisecond).Round(time.Second))
	fmt.Println((-d).Abs(), time.Duration(-1<<63).Abs())
	for _, s := range []string{"1h15m30.5s", "300ms", "-1.5h", "2us", "1µs", "42", "1d", ""} {
		pd, err := time.ParseDuration(s)
		fmt.Printf("ParseDuration(%q) = %v, %v\n", s, pd, err)
	}
	total := time.Duration(0)
	for i := 1; i <= 10; i++ {
		total += time.Duration(i) * 100 * time.Millisecond
	}
	fmt.Println("total:", total, "minutes:", total.Minutes())
	fmt.Println(time.Hour/time.Minute, time.Minute%(7*time.Second), time.Second*time.Duration(3)/4)
	fmt.Printf("%T %v %v\n", time.Nanosecond, time.Nanosecond*1e3, time.Duration(3.7e9))
	if d != 1500*time.Millisecond || d.String() != "1.5s" {
		panic("FAIL: duration")
	}
}
