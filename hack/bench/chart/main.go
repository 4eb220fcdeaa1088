// Command chart draws hack/bench/scaling.sh's medians CSV as a PNG: median
// wall time and median peak RSS against package count, one line per
// (case, tool). It is a separate module so that apigen's own go.mod does not
// depend on a plotting library.
//
// Usage: go run . MEDIANS.csv OUT.png
package main

import (
	"encoding/csv"
	"fmt"
	"image/color"
	"io"
	"os"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// series is one (case, tool) line: package count to median value.
type series struct {
	name       string
	wall, rssM map[float64]float64
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: chart MEDIANS.csv OUT.png")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "chart:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	all, err := read(f)
	if err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}

	wall, err := linePlot(all, "Median wall time", "wall time (s)", func(s *series) map[float64]float64 { return s.wall })
	if err != nil {
		return err
	}
	rss, err := linePlot(all, "Median peak RSS", "peak RSS (MB)", func(s *series) map[float64]float64 { return s.rssM })
	if err != nil {
		return err
	}

	// Two panels side by side on one canvas.
	const w, h = 12 * vg.Inch, 4.5 * vg.Inch
	img := vgimg.New(w, h)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Inch / 4, PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8, PadLeft: vg.Inch / 8, PadRight: vg.Inch / 8}
	canvases := plot.Align([][]*plot.Plot{{wall, rss}}, tiles, dc)
	wall.Draw(canvases[0][0])
	rss.Draw(canvases[0][1])

	o, err := os.Create(out)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(o); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}

// read parses rows of size,case,tool,wall_s,rss_kb (with a header line)
// into series, ordered by case and then tool.
func read(r io.Reader) ([]*series, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("no data rows")
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for _, name := range []string{"size", "case", "tool", "wall_s", "rss_kb"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("no %q column", name)
		}
	}
	byName := map[string]*series{}
	for _, row := range rows[1:] {
		size, err1 := strconv.ParseFloat(row[col["size"]], 64)
		wall, err2 := strconv.ParseFloat(row[col["wall_s"]], 64)
		rss, err3 := strconv.ParseFloat(row[col["rss_kb"]], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("bad row %q", row)
		}
		name := row[col["case"]] + ", " + row[col["tool"]]
		s := byName[name]
		if s == nil {
			s = &series{name: name, wall: map[float64]float64{}, rssM: map[float64]float64{}}
			byName[name] = s
		}
		s.wall[size] = wall
		s.rssM[size] = rss / 1024
	}
	var all []*series
	for _, s := range byName {
		all = append(all, s)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].name < all[j].name })
	return all, nil
}

// Upstream in warm colours, ours in cool ones; first runs solid, partial
// runs dashed.
var styles = map[string]struct {
	c    color.Color
	dash bool
}{
	"first, upstream":   {color.RGBA{R: 200, G: 60, B: 30, A: 255}, false},
	"partial, upstream": {color.RGBA{R: 230, G: 150, B: 20, A: 255}, true},
	"first, ours":       {color.RGBA{R: 30, G: 90, B: 200, A: 255}, false},
	"partial, ours":     {color.RGBA{R: 20, G: 160, B: 120, A: 255}, true},
}

// linePlot draws one line per series from the values pick returns.
func linePlot(all []*series, title, ylabel string, pick func(*series) map[float64]float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "packages"
	p.Y.Label.Text = ylabel
	p.Y.Min = 0
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	sizes := map[float64]bool{}
	top := 0.0
	for i, s := range all {
		vals := pick(s)
		var xs []float64
		for x := range vals {
			xs = append(xs, x)
		}
		sort.Float64s(xs)
		pts := make(plotter.XYs, len(xs))
		for j, x := range xs {
			pts[j] = plotter.XY{X: x, Y: vals[x]}
			sizes[x] = true
			top = max(top, vals[x])
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		st, ok := styles[s.name]
		if !ok {
			st.c = color.Gray{Y: uint8(40 * i)}
		}
		line.Color = st.c
		line.Width = vg.Points(1.5)
		if st.dash {
			line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		points.Color = st.c
		points.Shape = draw.CircleGlyph{}
		p.Add(line, points)
		p.Legend.Add(s.name, line, points)
	}
	// Headroom above the highest point for the legend, and a tick at each
	// measured package count.
	p.Y.Max = top * 1.35
	var ticks []plot.Tick
	for x := range sizes {
		ticks = append(ticks, plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', -1, 64)})
	}
	sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	return p, nil
}
