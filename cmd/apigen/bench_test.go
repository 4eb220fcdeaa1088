package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// rounds are the timings, in seconds, of benchmark rounds that each run
// upstream and then apigen.
type rounds struct{ upstream, apigen, ratios []float64 }

func (r *rounds) add(b *testing.B, upstream, apigen float64) {
	b.Helper()
	r.upstream, r.apigen = append(r.upstream, upstream), append(r.apigen, apigen)
	r.ratios = append(r.ratios, upstream/apigen)
	b.Logf("round %d: upstream %.2fs, apigen %.2fs, %.2fx", len(r.ratios), upstream, apigen, upstream/apigen)
}

// report gives the medians as the benchmark's metrics.
func (r *rounds) report(b *testing.B) {
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(median(r.upstream), "upstream-s")
	b.ReportMetric(median(r.apigen), "apigen-s")
	b.ReportMetric(median(r.ratios), "speedup")
}

// timed runs f and returns how long it took, in seconds.
func timed(f func()) float64 {
	start := time.Now()
	f()
	return time.Since(start).Seconds()
}

// execIn runs a command in dir and fails b if it fails.
func execIn(b *testing.B, dir, name string, args ...string) {
	b.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", filepath.Base(name), err, out)
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
