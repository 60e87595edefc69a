// Tests building a month calendar and date math with time.Date in UTC (no wall clock).
package main

import (
	"fmt"
	"strings"
	"time"
)

func printMonth(year int, month time.Month) {
	first := time.Date(year, month, 1, 0, 0, 0, 0, time.UTC)
	fmt.Printf("%s %d\n", month, year)
	fmt.Println("Mo Tu We Th Fr Sa Su")
	offset := (int(first.Weekday()) + 6) % 7
	line := strings.Repeat("   ", offset)
	days := first.AddDate(0, 1, -1).Day()
	for d := 1; d <= days; d++ {
		line += fmt.Sprintf("%2d ", d)
		if (offset+d)%7 == 0 {
			fmt.Println(strings.TrimRight(line, " "))
			line = ""
		}
	}
	if line != "" {
		fmt.Println(strings.TrimRight(line, " "))
	}
}

func main() {
	printMonth(2024, time.February)
	printMonth(2023, time.October)
	for _, y := range []int{1900, 2000, 2023, 2024, 2100} {
		leap := time.Date(y, 2, 29, 0, 0, 0, 0, time.UTC).Month() == time.February
		fmt.Println(y, "leap:", leap, "days:", time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC).Sub(time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)).Hours()/24)
	}
	start := time.Date(2024, 1, 31, 12, 0, 0, 0, time.UTC)
	for i := range 4 {
		fmt.Print(start.AddDate(0, i, 0).Format("Jan 2"), "; ")
	}
	fmt.Println()
	// count Fridays the 13th in 2015..2026
	count := 0
	for y := 2015; y <= 2026; y++ {
		for m := time.January; m <= time.December; m++ {
			if time.Date(y, m, 13, 0, 0, 0, 0, time.UTC).Weekday() == time.Friday {
				count++
			}
		}
	}
	fmt.Println("Friday 13ths:", count)
	a := time.Date(2024, 3, 10, 0, 0, 0, 0, time.UTC)
	b := time.Date(2025, 7, 4, 0, 0, 0, 0, time.UTC)
	fmt.Println("days between:", int(b.Sub(a).Hours()/24))
}
