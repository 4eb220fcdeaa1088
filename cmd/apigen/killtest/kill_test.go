// Package killtest kills apigen runs at random moments and checks what
// they leave behind.
package killtest

import (
	"bufio"
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/paritytest"
)

// phases are those apigen -v 2 reports, in order; a phase has begun once
// the line of the one before it is printed.
var phases = []string{"loading", "building the model", "generating", "writing"}

// moments is how many kills fall in each of the phases that matter.
var moments = []struct {
	phase string
	n     int
}{{"loading", 7}, {"generating", 7}, {"writing", 6}}

// TestKillAnyMoment makes client-go's four generated trees (1,981 files)
// from k8s.io/api in one apigen process, and kills that process with
// SIGKILL at 20 random moments: 7 while it loads, 7 while it generates and
// 6 while it writes, half of them in the last 15% of writing, where
// files are renamed into place. Before each run every file holds an old version (the
// shipped file with a line more), so the run has all of them to rewrite.
// After each kill, every file must be the old version or the new one; the
// next run must leave the trees exactly as shipped, with no temporary file.
func TestKillAnyMoment(t *testing.T) {
	if testing.Short() {
		t.Skip("runs apigen over client-go 42 times; skipped with -short")
	}
	c := trees{paritytest.NewClientGo(t)}
	bin := filepath.Join(t.TempDir(), "apigen")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("building apigen: %v\n%s", err, out)
	}
	args := slices.Concat([]string{"generate", "-v", "2"}, c.Ours[1:])
	runToEnd(t, bin, args)
	c.Compare(t, "the first run")
	// The phases are timed on a run like those killed: over old versions.
	c.writeOld(t)
	took := runToEnd(t, bin, args)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("seed %d; phases of a whole run: %v", seed, took)
	for _, m := range moments {
		for i := range m.n {
			span, from := took[m.phase], time.Duration(0)
			if m.phase == "writing" && i%2 == 1 {
				// Files are renamed into place at the end of writing.
				from = span * 85 / 100
			}
			delay := from + time.Duration(rng.Int64N(int64(span-from)))
			c.writeOld(t)
			seen := killDuring(t, bin, args, m.phase, delay)
			old, fresh, temps := c.inspect(t)
			t.Logf("killed %v into %s (in %s): %d files old, %d new, %d temporary files left", delay.Round(time.Millisecond), m.phase, seen, old, fresh, temps)
			runToEnd(t, bin, args)
			c.Compare(t, "the run after a kill")
		}
	}
}

// oldVersion is what a file held before the run: the shipped file with a
// line more, so that every file is rewritten.
func oldVersion(shipped []byte) []byte {
	return append(slices.Clip(shipped), "// an older version\n"...)
}

type trees struct{ *paritytest.ClientGo }

// each calls f with every generated file and its shipped bytes.
func (c trees) each(f func(path string, shipped []byte)) {
	for _, tree := range c.Trees {
		for p, b := range tree.Shipped {
			if paritytest.GeneratedBy(b, tree.Tool) {
				f(p, b)
			}
		}
	}
}

// writeOld puts the old version of every generated file in place.
func (c trees) writeOld(t *testing.T) {
	c.each(func(p string, b []byte) {
		if err := os.WriteFile(p, oldVersion(b), 0o644); err != nil {
			t.Fatal(err)
		}
	})
}

// inspect checks that every file is its old or its new version, and that
// nothing else but temporary files was added; it counts each.
func (c trees) inspect(t *testing.T) (old, fresh, temps int) {
	t.Helper()
	c.each(func(p string, b []byte) {
		got, err := os.ReadFile(p)
		switch {
		case err != nil:
			t.Errorf("%s: %v", p, err)
		case bytes.Equal(got, b):
			fresh++
		case bytes.Equal(got, oldVersion(b)):
			old++
		default:
			t.Errorf("%s is neither its old nor its new version (%d bytes, want %d or %d)", p, len(got), len(oldVersion(b)), len(b))
		}
	})
	shipped := map[string]bool{}
	c.each(func(p string, _ []byte) { shipped[p] = true })
	for _, tree := range c.Trees {
		filepath.WalkDir(filepath.Join(c.Dir, tree.Root), func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil || d.IsDir() || shipped[p]:
			case strings.Contains(d.Name(), ".apigen-") && strings.HasSuffix(d.Name(), ".tmp"):
				temps++
			case paritytest.GeneratedBy(mustRead(t, p), tree.Tool):
				t.Errorf("%s: a generated file the trees do not hold", p)
			}
			return nil
		})
	}
	return old, fresh, temps
}

func mustRead(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runToEnd runs apigen and returns how long each phase took.
func runToEnd(t *testing.T, bin string, args []string) map[string]time.Duration {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("apigen: %v\n%s", err, stderr.String())
	}
	took := map[string]time.Duration{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		for _, p := range phases {
			if v, ok := strings.CutPrefix(line, "apigen: "+p+" took "); ok {
				d, err := time.ParseDuration(v)
				if err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				took[p] = d
			}
		}
	}
	for _, m := range moments {
		if took[m.phase] <= 0 {
			t.Fatalf("apigen -v 2 did not say how long %s took:\n%s", m.phase, stderr.String())
		}
	}
	return took
}

// killDuring starts apigen, waits until phase has begun, then for delay,
// and kills it. It returns the phase in progress at the kill, as far as
// the process had reported.
func killDuring(t *testing.T, bin string, args []string, phase string, delay time.Duration) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan string, len(phases))
	go func() {
		s := bufio.NewScanner(pipe)
		for s.Scan() {
			for _, p := range phases {
				if strings.HasPrefix(s.Text(), "apigen: "+p+" took ") {
					ended <- p
				}
			}
		}
		close(ended)
	}()
	done := 0 // phases ended so far
	for want := slices.Index(phases, phase); done < want; done++ {
		if _, ok := <-ended; !ok {
			t.Fatalf("apigen ended before %s began", phase)
		}
	}
	time.Sleep(delay)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	for range ended {
		done++
	}
	if done >= len(phases) {
		return "after the run had ended"
	}
	return phases[done]
}
