// Tests encoding/csv: reading quoted fields, custom delimiter, comments, errors, and writing with quoting.
package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"strings"
)

func main() {
	in := `name,age,quote
"Smith, John",42,"He said ""hi"""
Jane,37,"multi
line"
# not a comment by default
`
	r := csv.NewReader(strings.NewReader(in))
	r.FieldsPerRecord = -1 // the last line has a single field
	recs, err := r.ReadAll()
	fmt.Println("err:", err, "records:", len(recs))
	for _, rec := range recs {
		fmt.Printf("%d %q\n", len(rec), rec)
	}
	r2 := csv.NewReader(strings.NewReader("a;b;c\n#skip me\n1;2;3\n"))
	r2.Comma = ';'
	r2.Comment = '#'
	for {
		rec, err := r2.Read()
		if err != nil {
			fmt.Println("stop:", err)
			break
		}
		line, col := r2.FieldPos(1)
		fmt.Println(rec, "field1 at", line, col)
	}
	r3 := csv.NewReader(strings.NewReader("a,b\n1,2,3\n"))
	_, err = r3.ReadAll()
	fmt.Println("field count error:", err)
	var pe *csv.ParseError
	fmt.Println("is ParseError:", errors.As(err, &pe), errors.Is(err, csv.ErrFieldCount))
	r4 := csv.NewReader(strings.NewReader(`a,"b` + "\n"))
	_, err = r4.Read()
	fmt.Println("quote error:", err)
	r5 := csv.NewReader(strings.NewReader("x, y ,z\n"))
	r5.TrimLeadingSpace = true
	rec, _ := r5.Read()
	fmt.Printf("%q\n", rec)
	r6 := csv.NewReader(strings.NewReader("1,2\n3\n"))
	r6.FieldsPerRecord = -1
	all, err := r6.ReadAll()
	fmt.Println(all, err)
	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"plain", "with,comma", `with "quote"`, "new\nline", " lead space", ""})
	w.Write([]string{"1", "2"})
	w.Comma = '\t'
	w.Write([]string{"tab", "sep"})
	w.Flush()
	fmt.Println("writer error:", w.Error())
	if len(recs) != 4 {
		panic("FAIL: csv")
	}
}
