// Package benchtest times apigen against upstream in the same benchmark run and
// reports medians.
package benchtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// Rounds are the timings, in seconds, of benchmark rounds that each run
// upstream and then apigen.
type Rounds struct {
	upstream, apigen, ratios []float64
	upPeak, ourPeak          int64 // KB, the largest of any round
}

// Peak records the peak RSS, in KB, of one round's upstream and apigen runs.
func (r *Rounds) Peak(upstream, apigen int64) {
	r.upPeak, r.ourPeak = max(r.upPeak, upstream), max(r.ourPeak, apigen)
}

// Add records one round.
func (r *Rounds) Add(b *testing.B, upstream, apigen float64) {
	b.Helper()
	r.upstream, r.apigen = append(r.upstream, upstream), append(r.apigen, apigen)
	r.ratios = append(r.ratios, upstream/apigen)
	b.Logf("round %d: upstream %.2fs, apigen %.2fs, %.2fx", len(r.ratios), upstream, apigen, upstream/apigen)
}

// Report gives the medians as the benchmark's metrics.
func (r *Rounds) Report(b *testing.B) {
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(Median(r.upstream), "upstream-s")
	b.ReportMetric(Median(r.apigen), "apigen-s")
	b.ReportMetric(Median(r.ratios), "speedup")
	if r.upPeak > 0 {
		b.ReportMetric(float64(r.upPeak)/1024, "upstream-peak-MB")
		b.ReportMetric(float64(r.ourPeak)/1024, "apigen-peak-MB")
	}
}

// Timed runs f and returns how long it took, in seconds.
func Timed(f func()) float64 {
	start := time.Now()
	f()
	return time.Since(start).Seconds()
}

// ExecIn runs a command in dir, fails b if it fails, and returns its peak
// RSS in KB (with its reaped children's, as Linux counts it).
func ExecIn(b *testing.B, dir, name string, args ...string) int64 {
	b.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", filepath.Base(name), err, out)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}

// Median is the middle value of v, or the mean of the two middle ones.
func Median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
