package main

import (
	"bufio"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// fig4Runs is the data of the EDA benchmark's Figure 4: for each number
// of philosophers, in order, the executions to the deadlock of the runs
// that found it.
type fig4Runs struct {
	sizes []int
	execs map[int]plotter.Values
}

// readFig4 reads eda_fig4.tsv as examples/bench eda writes it: lines
// starting with # are comments, every other line is a number of
// philosophers and then, tab-separated, the executions of each run.
func readFig4(file string) (*fig4Runs, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := &fig4Runs{execs: map[int]plotter.Values{}}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		n, err := strconv.Atoi(fields[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
		if _, dup := d.execs[n]; dup {
			return nil, fmt.Errorf("%s:%d: %d philosophers twice", file, line, n)
		}
		d.sizes = append(d.sizes, n)
		d.execs[n] = plotter.Values{}
		for _, s := range fields[1:] {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, line, err)
			}
			d.execs[n] = append(d.execs[n], x)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(d.sizes) == 0 {
		return nil, fmt.Errorf("%s: no data", file)
	}
	return d, nil
}

// drawFig4 draws Figure 4 from dir's eda_fig4.tsv as eda_fig4.svg and
// eda_fig4.png: boxplots of the executions (paths evaluated) to the
// deadlock against the philosophers. eda_table.md's table of Figure 4
// gives the same boxes (examples/bench computes its quartiles as
// plotter.BoxPlot does).
func drawFig4(dir string) error {
	d, err := readFig4(filepath.Join(dir, "eda_fig4.tsv"))
	if err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = "EDA on DiningPhil: executions to the deadlock"
	p.X.Label.Text = "philosophers"
	p.Y.Label.Text = "executions (paths evaluated)"
	var names []string
	for i, n := range d.sizes {
		names = append(names, strconv.Itoa(n))
		if len(d.execs[n]) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(vg.Points(14), float64(i), d.execs[n])
		if err != nil {
			return err
		}
		b.FillColor = color.RGBA{R: 120, G: 160, B: 220, A: 255}
		p.Add(b)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(d.sizes))-0.5 // room for the first and last boxes
	p.Y.Min = 0
	p.Y.Tick.Marker = thousands{}
	for _, ext := range []string{"svg", "png"} {
		file := filepath.Join(dir, "eda_fig4."+ext)
		if err := p.Save(6*vg.Inch, 4*vg.Inch, file); err != nil {
			return err
		}
		fmt.Println(file)
	}
	return nil
}

// thousands marks an axis of counts every 1,000 to 10,000, labelled as
// whole numbers, with minor ticks between.
type thousands struct{}

func (thousands) Ticks(lo, hi float64) []plot.Tick {
	step := 1000.0
	for hi/step > 8 {
		step *= 2.5
		if hi/step > 8 {
			step *= 2
		}
	}
	var ts []plot.Tick
	for x := math.Ceil(lo/step) * step; x <= hi; x += step {
		ts = append(ts, plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', 0, 64)})
		if x+step/2 <= hi {
			ts = append(ts, plot.Tick{Value: x + step/2})
		}
	}
	return ts
}
