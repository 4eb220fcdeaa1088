package realworld

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/scratch"
)

// BenchmarkProjects times the chosen projects' own build steps with
// upstream's tools and with apigen's, alternating, each side in its own
// tree that is restored from the assembled project before every round and
// kept at the same path (as a developer's checkout is, so apigen's caches
// see the directory they saw before). Every round of apigen's must write
// what upstream's wrote in that round, byte for byte. It reports the
// medians of both sides' times, the median of the per-round ratios, and
// the peak RSS of the largest process on each side:
//
//	go test ./realworld -run '^$' -bench Projects -projects cluster-api -benchtime 5x
//
// With -floor, each round also runs the steps with every tool a program
// that does nothing, and reports that floor: what the build steps cost
// without any tool, which no tool's speed can go below.
func BenchmarkProjects(b *testing.B) {
	if *only == "" {
		b.Skip("name the projects: -projects a,b")
	}
	up, ours, noop := toolboxes(b)
	for _, p := range chosen(b, readManifest(b)) {
		b.Run(p.Name, func(b *testing.B) { benchProject(b, p, up, ours, noop) })
	}
}

// benchRoots are the work directories of the projects benchmarked, by
// name: the testing package calls a benchmark with b.N = 1 before the
// real count, and the second call reuses the first's trees and warm-up.
var benchRoots = map[string]string{}

var floor = flag.Bool("floor", false, "benchmarks: also time each round with every tool a program that does nothing")

// floorBox is a toolbox whose every tool is noop.
func floorBox(p Project, noop string) toolbox {
	box := toolbox{name: "floor", bin: filepath.Join(filepath.Dir(noop), "floor")}
	os.MkdirAll(box.bin, 0o755)
	for _, s := range p.Steps {
		for _, tool := range s.Tools {
			os.Symlink(noop, box.tool(tool))
		}
	}
	return box
}

func benchProject(b *testing.B, p Project, up, ours toolbox, noop string) {
	root, warm := benchRoots[p.Name]
	if !warm {
		var err error
		if root, err = scratch.Dir("bench-" + p.Name); err != nil {
			b.Fatal(err)
		}
		benchRoots[p.Name] = root
	}
	base, upTree, ourTree := filepath.Join(root, "shipped"), filepath.Join(root, "upstream"), filepath.Join(root, "apigen")
	floorTree := filepath.Join(root, "floor")
	if !warm {
		if err := assemble(p, base); err != nil {
			b.Fatalf("assembling: %v", err)
		}
	}
	// floorTime runs the steps with no-op tools in a fresh copy.
	var noops toolbox
	if *floor {
		noops = floorBox(p, noop)
	}
	floorTime := func() time.Duration {
		if err := os.RemoveAll(floorTree); err != nil {
			b.Fatal(err)
		}
		if err := copyTree(base, floorTree); err != nil {
			b.Fatal(err)
		}
		_, d, _, err := runSteps(p, floorTree, noops, noop)
		if err != nil {
			b.Fatalf("floor: %v", err)
		}
		return d
	}
	round := func() (r result, upPeak, ourPeak int64) {
		r.p = p
		for _, dst := range []string{upTree, ourTree} {
			if err := os.RemoveAll(dst); err != nil {
				b.Fatal(err)
			}
			if err := copyTree(base, dst); err != nil {
				b.Fatal(err)
			}
		}
		upWrote, d, upPeak, err := runSteps(p, upTree, up, noop)
		if err != nil {
			b.Fatalf("upstream: %v", err)
		}
		r.upstream = d
		for f := range upWrote {
			if err := stale(filepath.Join(ourTree, f)); err != nil {
				b.Fatal(err)
			}
		}
		ourWrote, d, ourPeak, err := runSteps(p, ourTree, ours, noop)
		if err != nil {
			b.Fatalf("apigen: %v", err)
		}
		r.ours = d
		r.compare(base, upTree, ourTree, upWrote, ourWrote)
		for _, list := range [][]string{r.differing, r.missing, r.extra} {
			for _, f := range list {
				b.Errorf("%s: %s%s", f, r.kind(f), r.diffs[f])
			}
		}
		if r.compared == 0 {
			b.Fatal("upstream wrote nothing to compare")
		}
		return r, upPeak, ourPeak
	}
	if !warm {
		round() // warms the build cache, the file cache and apigen's caches
	}
	var ups, oursT, floors []time.Duration
	var ratios []float64
	var upPeak, ourPeak int64
	b.ResetTimer()
	for range b.N {
		r, u, o := round()
		if *floor {
			floors = append(floors, floorTime())
			b.Logf("floor: %.2f s", floors[len(floors)-1].Seconds())
		}
		ups, oursT = append(ups, r.upstream), append(oursT, r.ours)
		ratios = append(ratios, r.upstream.Seconds()/r.ours.Seconds())
		upPeak, ourPeak = max(upPeak, u), max(ourPeak, o)
		b.Logf("round: upstream %.2f s, apigen %.2f s, %d files compared", r.upstream.Seconds(), r.ours.Seconds(), r.compared)
	}
	b.ReportMetric(medianDuration(ups).Seconds(), "upstream-s")
	b.ReportMetric(medianDuration(oursT).Seconds(), "apigen-s")
	if *floor {
		b.ReportMetric(medianDuration(floors).Seconds(), "floor-s")
	}
	slices.Sort(ratios)
	b.ReportMetric(median(ratios), "speedup")
	b.ReportMetric(float64(upPeak)/1024, "upstream-peak-MB")
	b.ReportMetric(float64(ourPeak)/1024, "apigen-peak-MB")
}

func medianDuration(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
