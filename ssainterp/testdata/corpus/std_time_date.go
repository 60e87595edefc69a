// Tests time.Date with fixed dates in UTC and fixed zones: formatting, arithmetic, weekday, parsing, comparisons.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 28, 22, 30, 15, 123456789, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Format(time.RFC3339), t.Format(time.RFC3339Nano), t.Format(time.Kitchen))
	fmt.Println(t.Format("2006-01-02 15:04:05.000 Mon Jan _2 MST -0700"))
	fmt.Println(t.Format(time.ANSIC), "|", t.Format(time.RFC1123))
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Weekday(), t.YearDay())
	next := t.Add(26 * time.Hour)
	fmt.Println("add 26h:", next, next.Weekday())
	fmt.Println("AddDate +1m:", t.AddDate(0, 1, 0).Format(time.DateOnly), "AddDate +1y:", t.AddDate(1, 0, 1).Format(time.DateOnly))
	fmt.Println("overflow normalize:", time.Date(2023, 13, 32, 25, 61, 0, 0, time.UTC))
	y2k := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	fmt.Println("since y2k:", t.Sub(y2k), "days:", int(t.Sub(y2k).Hours()/24))
	fmt.Println(t.After(y2k), t.Before(y2k), t.Equal(t.Add(0)), t.Compare(y2k))
	zone := time.FixedZone("XYZ", 5*3600+30*60)
	tz := t.In(zone)
	fmt.Println("in fixed zone:", tz, tz.Equal(t))
	name, off := tz.Zone()
	fmt.Println(name, off)
	fmt.Println("unix:", t.Unix(), t.UnixMilli(), y2k.UnixNano())
	fmt.Println("from unix:", time.Unix(1700000000, 0).UTC())
	fmt.Println("truncate hour:", t.Truncate(time.Hour), "round min:", t.Round(time.Minute))
	p, err := time.Parse("2006-01-02 15:04", "2023-07-04 09:05")
	fmt.Println(p, err)
	_, err = time.Parse("2006-01-02", "2023-02-30")
	fmt.Println(err)
	_, err = time.Parse(time.RFC3339, "not a time")
	fmt.Println(err)
	p2, _ := time.Parse(time.RFC3339, "2021-03-04T05:06:07+02:00")
	fmt.Println(p2.UTC(), p2.Format(time.RFC822Z))
	var zero time.Time
	fmt.Println(zero.IsZero(), zero)
	iso, week := t.ISOWeek()
	fmt.Println("iso week:", iso, week)
	fmt.Println(time.March, time.Saturday, time.Month(13))
	leap := time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)
	fmt.Println("leap +1y:", leap.AddDate(1, 0, 0).Format(time.DateOnly))
	b, _ := t.MarshalText()
	fmt.Println(string(b))
	if t.Weekday() != time.Wednesday {
		panic("FAIL: weekday")
	}
}
