// Tests text/tabwriter writing aligned columns to os.Stdout with different flags.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "Name\tQty\tPrice\t")
	fmt.Fprintln(w, "apple\t3\t1.25\t")
	fmt.Fprintln(w, "watermelon\t10\t12.5\t")
	fmt.Fprintln(w, "fig\t100\t0.5\t")
	w.Flush()
	fmt.Println("---")
	w = tabwriter.NewWriter(os.Stdout, 5, 0, 2, '.', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w, "a\tbbb\tc\t")
	fmt.Fprintln(w, "aaaa\tb\tccccc\t")
	fmt.Fprintln(w, "x\ty\tz\t")
	w.Flush()
	fmt.Println("---")
	w = tabwriter.NewWriter(os.Stdout, 0, 4, 0, '\t', tabwriter.TabIndent)
	fmt.Fprintln(w, "\tindented\tcol")
	fmt.Fprintln(w, "\tmore\tcol2")
	w.Flush()
	fmt.Println("---")
	w = tabwriter.NewWriter(os.Stdout, 0, 0, 1, '-', tabwriter.DiscardEmptyColumns)
	fmt.Fprintln(w, "k\t\tv")
	fmt.Fprintln(w, "key\t\tvalue")
	w.Flush()
}
