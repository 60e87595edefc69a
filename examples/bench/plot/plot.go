// Command plot draws the pictures of the tables that examples/bench
// writes: for restarts_table.md, protocols_table.md and guided_table.md
// the columns that read better as a picture (the executions or steps to
// the bug of each configuration, on a log scale, one colour and mark per
// component or search; the guided test's error density as a grid), and
// for eda_table.md the boxplots of its Figure 4 from eda_fig4.tsv. It
// measures nothing: rerun it after a table changes.
//
//	go -C examples/bench/plot run .   # from the repository root: reads and writes examples/bench
//	go run . -dir DIR                 # the tables of DIR
//
// It is a module of its own so that its plotting library
// (gonum.org/v1/plot) is no requirement of mcheck's module; it needs
// nothing of mcheck.
//
// The titles cite the papers whose tables examples/bench reprints by
// their short form: Parizek and Kalibera 2010 (Pavel Parizek and Tomas
// Kalibera, "Efficient Detection of Errors in Java Components Using
// Random Environment and Restarts", TACAS 2010), Parizek and Plasil 2008
// (Pavel Parizek and Frantisek Plasil, "Heuristic Reduction of
// Parallelism in Component Environment", CBSE 2008) and Rungta and Mercer
// 2008 (Neha Rungta and Eric G. Mercer, "A Meta Heuristic for Effectively
// Detecting Concurrency Errors", HVC 2008); Figure 4 is Staunton and
// Clark's (Jan Staunton and John A. Clark, "Searching for Safety
// Violations Using Estimation of Distribution Algorithms", ICST Workshops
// (SBST) 2010).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

func main() {
	dir := flag.String("dir", "..", "directory of the tables, and of the pictures written (examples/bench)")
	flag.Parse()
	for _, f := range figures {
		tables, err := readTables(filepath.Join(*dir, f.table))
		if err != nil {
			fatal(err)
		}
		d, err := f.dots(tables)
		if err != nil {
			fatal(fmt.Errorf("%s: %w", f.table, err))
		}
		for _, ext := range []string{"svg", "png"} {
			file := filepath.Join(*dir, f.name+"."+ext)
			if err := d.save(f, file); err != nil {
				fatal(err)
			}
			fmt.Println(file)
		}
	}
	if err := drawFig4(*dir); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "plot:", err)
	os.Exit(2)
}

// mdTable is a markdown table and the heading it is under.
type mdTable struct {
	heading string
	cols    []string
	rows    [][]string
}

// readTables returns the tables of a markdown file in order.
func readTables(file string) ([]mdTable, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		tables  []mdTable
		heading string
		cur     *mdTable
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			heading = strings.TrimSpace(strings.TrimLeft(line, "#"))
		}
		if !strings.HasPrefix(line, "|") {
			cur = nil
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case cur == nil:
			tables = append(tables, mdTable{heading: heading, cols: cells})
			cur = &tables[len(tables)-1]
		case strings.Trim(strings.Join(cells, ""), "-: ") == "": // the rule under the header
		default:
			cur.rows = append(cur.rows, cells)
		}
	}
	return tables, sc.Err()
}

// col returns the index of the column named name, or -1.
func (t mdTable) col(name string) int { return slices.Index(t.cols, name) }

// number reads the leading number of a cell ("1183 ± 631", "0.60",
// "256ms"); false for "-", "does not apply" and empty cells.
func number(cell string) (float64, bool) {
	f := strings.Fields(cell)
	if len(f) == 0 {
		return 0, false
	}
	s := strings.TrimRightFunc(f[0], func(r rune) bool { return r < '0' || r > '9' })
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

// dots is a dot plot: for each category (a row of the picture) and
// series (a colour and mark), one value.
type dots struct {
	cats, series []string
	val          map[[2]string]float64
}

func (d *dots) add(cat, series string, v float64) {
	if !slices.Contains(d.cats, cat) {
		d.cats = append(d.cats, cat)
	}
	if !slices.Contains(d.series, series) {
		d.series = append(d.series, series)
	}
	d.val[[2]string{cat, series}] = v // a later table's row wins
}

// figure is one picture: which table it reads, and how.
type figure struct {
	name, table string // the picture's file name (without extension), the markdown file it reads
	title, x    string
	dots        func([]mdTable) (*dots, error)
	heat        bool // a grid of the values (from 0 to 1), series across, categories down
}

// pick returns a dots function that reads, from every table that has
// the columns cat, series and value and whose heading contains heading,
// value by cat and series; cells without a positive number are
// skipped.
func pick(heading, cat, series, value string) func([]mdTable) (*dots, error) {
	return pickFrom(heading, cat, series, value, 1e-300)
}

// pickFrom is pick keeping the values of at least least.
func pickFrom(heading, cat, series, value string, least float64) func([]mdTable) (*dots, error) {
	return func(tables []mdTable) (*dots, error) {
		d := &dots{val: map[[2]string]float64{}}
		for _, t := range tables {
			c, s, v := t.col(cat), t.col(series), t.col(value)
			if c < 0 || s < 0 || v < 0 || !strings.Contains(t.heading, heading) {
				continue
			}
			for _, r := range t.rows {
				if len(r) <= max(c, s, v) {
					continue
				}
				if x, ok := number(r[v]); ok && x >= least {
					d.add(r[c], r[s], x)
				}
			}
		}
		if len(d.val) == 0 {
			return nil, fmt.Errorf("no table with the columns %q, %q and %q under a heading with %q", cat, series, value, heading)
		}
		return d, nil
	}
}

// figures are the pictures of the bench tables.
var figures = []figure{
	{"restarts_executions", "restarts_table.md", "Component restarts (Parizek and Kalibera 2010, Table 6): executions to the bug", "executions to the bug (mean of the runs, log scale)",
		pick("", "environment", "component", "executions"), false},
	{"protocols_races", "protocols_table.md", "Reduced parallelism (Parizek and Plasil 2008), Table 2: races", "executions to the error (mean of the runs that found it, log scale)",
		pick("Table 2", "environment", "component", "executions to error"), false},
	{"protocols_deadlocks", "protocols_table.md", "Reduced parallelism (Parizek and Plasil 2008), Table 3: deadlocks", "executions to the error (mean of the runs that found it, log scale)",
		pick("Table 3", "environment", "component", "executions to error"), false},
	{"guided_steps", "guided_table.md", "Guided test (Rungta and Mercer 2008, Tables 1 and 2): steps to the bug", "steps to the bug (mean of the trials that found it, log scale)",
		pick("", "model", "search", "avg steps"), false},
	{"guided_density", "guided_table.md", "Guided test (Rungta and Mercer 2008, Table 1): error density, the share of trials that found the bug", "",
		pickFrom("", "model", "search", "error density", 0), true},
}

// save draws d as f says: a horizontal dot plot, the categories top to
// bottom and the values along a log axis, or a grid.
func (d *dots) save(f figure, file string) error {
	if f.heat {
		return d.saveHeat(f, file)
	}
	p := plot.New()
	p.Title.Text = f.title
	p.X.Label.Text = f.x
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	lo, hi := math.Inf(1), math.Inf(-1)
	n := float64(len(d.series))
	for j, s := range d.series {
		var pts plotter.XYs
		for i, c := range d.cats {
			if v, ok := d.val[[2]string{c, s}]; ok {
				// Row i from the top, each series a little apart.
				y := float64(len(d.cats)-1-i) + 0.6*(float64(j)+0.5)/n - 0.3
				pts = append(pts, plotter.XY{X: v, Y: y})
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: seriesColor(j), Radius: vg.Points(3), Shape: plotutil.Shape(j)}
		p.Add(sc)
		p.Legend.Add(s, sc)
	}
	p.X.Min, p.X.Max = lo/1.5, hi*60 // the right part holds the legend
	p.Y.Min, p.Y.Max = -0.5, float64(len(d.cats))-0.5
	names := slices.Clone(d.cats)
	slices.Reverse(names)
	p.NominalY(names...)
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
	h := vg.Length(len(d.cats))*0.32*vg.Inch + 1.5*vg.Inch
	return saveMargin(p, 9*vg.Inch, h, file)
}

// saveMargin saves p like p.Save, with margins left and right: plot cuts
// the first letters of long category names at the edge.
func saveMargin(p *plot.Plot, w, h vg.Length, file string) error {
	c, err := draw.NewFormattedCanvas(w, h, strings.TrimPrefix(filepath.Ext(file), "."))
	if err != nil {
		return err
	}
	p.Draw(draw.Crop(draw.New(c), vg.Points(8), -vg.Points(8), 0, 0))
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// seriesColor is the colour of series j: plotutil's dark colours, then
// the same in lighter shades.
func seriesColor(j int) color.Color {
	c := plotutil.DarkColors[j%len(plotutil.DarkColors)]
	if j < len(plotutil.DarkColors) {
		return c
	}
	r, g, b, _ := c.RGBA()
	return color.RGBA{R: uint8(r>>8)/2 + 100, G: uint8(g>>8)/2 + 100, B: uint8(b>>8)/2 + 100, A: 255}
}

// grid is d as a plotter.GridXYZ: column c a series, row r a category
// (the first at the top); NaN where d has no value.
type grid struct{ *dots }

func (g grid) Dims() (int, int) { return len(g.series), len(g.cats) }
func (g grid) X(c int) float64  { return float64(c) }
func (g grid) Y(r int) float64  { return float64(r) }
func (g grid) Z(c, r int) float64 {
	if v, ok := g.val[[2]string{g.cats[len(g.cats)-1-r], g.series[c]}]; ok {
		return v
	}
	return math.NaN()
}

// ramp is a palette from near white to green.
type ramp []color.Color

func (r ramp) Colors() []color.Color { return r }

// saveHeat draws d as a grid of its values, from 0 to 1, each written in
// its cell.
func (d *dots) saveHeat(f figure, file string) error {
	var pal ramp
	for i := range 11 {
		t := float64(i) / 10
		pal = append(pal, color.RGBA{R: uint8(250 - 150*t), G: uint8(250 - 60*t), B: uint8(250 - 150*t), A: 255})
	}
	g := grid{d}
	h := plotter.NewHeatMap(g, pal)
	h.Min, h.Max = 0, 1
	h.NaN = color.White
	p := plot.New()
	p.Title.Text = f.title
	p.Add(h)
	var lbl plotter.XYLabels
	cols, rows := g.Dims()
	for c := range cols {
		for r := range rows {
			if v := g.Z(c, r); !math.IsNaN(v) {
				lbl.XYs = append(lbl.XYs, plotter.XY{X: g.X(c), Y: g.Y(r)})
				lbl.Labels = append(lbl.Labels, strconv.FormatFloat(v, 'f', 2, 64))
			}
		}
	}
	labels, err := plotter.NewLabels(lbl)
	if err != nil {
		return err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign, labels.TextStyle[i].YAlign = draw.XCenter, draw.YCenter
		labels.TextStyle[i].Font.Size = vg.Points(9)
	}
	p.Add(labels)
	names := slices.Clone(d.cats)
	slices.Reverse(names)
	p.NominalX(d.series...)
	p.NominalY(names...)
	p.X.Min, p.X.Max = -0.5, float64(cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(rows)-0.5
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	p.X.Tick.Label.Font.Size = vg.Points(9)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
	return saveMargin(p, vg.Length(cols)*0.8*vg.Inch+1.8*vg.Inch, vg.Length(rows)*0.32*vg.Inch+1.6*vg.Inch, file)
}
