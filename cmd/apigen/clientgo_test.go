package main

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/benchtest"
	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestOneProcessClientGo makes all four of client-go's generated trees in
// one apigen run over one load and expects every file back byte for byte.
func TestOneProcessClientGo(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates client-go; skipped with -short")
	}
	c := paritytest.NewClientGo(t)
	var stderr bytes.Buffer
	if code := run(c.Ours, io.Discard, &stderr); code != 0 {
		t.Fatalf("apigen exited %d:\n%s", code, stderr.String())
	}
	c.Compare(t, "apigen")
}

// BenchmarkClientGo times upstream's four tools, one process each, against
// one apigen process, making client-go's four trees from k8s.io/api. Each
// iteration is a round: upstream, then ours, each on emptied trees and
// checked byte for byte. It reports the medians of the rounds:
//
//	go test ./cmd/apigen -run '^$' -bench ClientGo -benchtime 5x
func BenchmarkClientGo(b *testing.B) {
	c := paritytest.NewClientGo(b)
	upstream := refmodtest.InstallUpstream(b, "applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen")
	ours := filepath.Join(b.TempDir(), "apigen")
	if out, err := exec.Command("go", "build", "-o", ours, ".").CombinedOutput(); err != nil {
		b.Fatalf("building apigen: %v\n%s", err, out)
	}
	var r benchtest.Rounds
	for b.Loop() {
		u := benchtest.Timed(func() {
			for _, cmd := range c.Upstream {
				benchtest.ExecIn(b, c.Dir, filepath.Join(upstream, cmd[0]), cmd[1:]...)
			}
		})
		c.Compare(b, "upstream")
		c.Take(b)
		o := benchtest.Timed(func() { benchtest.ExecIn(b, c.Dir, ours, c.Ours...) })
		c.Compare(b, "apigen")
		c.Take(b)
		r.Add(b, u, o)
	}
	r.Report(b)
}
