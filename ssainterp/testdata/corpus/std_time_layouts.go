// Tests time formatting with many layouts and parsing them back for a fixed time in several fixed zones.
package main

import (
	"fmt"
	"time"
)

func main() {
	zones := []*time.Location{time.UTC, time.FixedZone("EST", -5*3600), time.FixedZone("", 9*3600+1800)}
	layouts := []string{time.Layout, time.ANSIC, time.UnixDate, time.RubyDate, time.RFC822, time.RFC850, time.RFC1123Z, time.RFC3339Nano, time.Stamp, time.StampMicro, time.DateTime, "Monday, 02-Jan-06 3:04:05.999 PM Z07:00", "2006 002 __2", ".000000000|.999999999|,000"}
	base := time.Date(2009, time.November, 10, 23, 4, 5, 67800000, time.UTC)
	for _, z := range zones {
		t := base.In(z)
		fmt.Println("zone", z.String())
		for _, l := range layouts {
			fmt.Printf("  %-42q %s\n", l, t.Format(l))
		}
	}
	for _, l := range []string{time.RFC3339Nano, time.RFC1123Z, time.DateTime} {
		s := base.Format(l)
		p, err := time.Parse(l, s)
		fmt.Println(l, "->", p.UTC(), err, p.Equal(base.Truncate(precision(l))))
	}
	loc := time.FixedZone("X", 3600)
	p, err := time.ParseInLocation(time.DateTime, "2020-01-02 03:04:05", loc)
	fmt.Println(p, err, p.UTC())
	_, err = time.Parse(time.DateTime, "2020-01-02 25:00:00")
	fmt.Println(err)
}

func precision(layout string) time.Duration {
	if layout == time.RFC3339Nano {
		return 1
	}
	return time.Second
}
