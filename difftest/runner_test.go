package difftest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/difftest/gen"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/scratch"
	"github.com/apigen-dev/apigen/internal/upstream"
	"github.com/apigen-dev/apigen/output"
)

var (
	seeds      = flag.Int("seeds", 10, "how many seeds to run per family (seeds 1..N)")
	nearSeeds  = flag.Int("nearmiss-seeds", 3, "how many near misses TestNearMiss runs per family (seeds 1..N)")
	onlyFamily = flag.String("family", "", "run only this family")
	oneSeed    = flag.Int64("seed", 0, "run only this seed, and print its source")
	batchSize  = flag.Int("batch", 25, "seeds per tool invocation")
	shrink     = flag.Bool("shrink", false, "shrink each failing seed and print the shrunk source")
	keep       = flag.Bool("keep", false, "keep the modules and print where they are")
)

// outcome is how one seed's runs compare.
type outcome string

const (
	same          outcome = "same"           // the same bytes
	upstreamFails outcome = "upstream fails" // and ours says why at a file:line, or writes its bytes with a warning
	intended      outcome = "intended"       // a documented difference
	bug           outcome = "bug"
)

// verdict is the outcome for one seed.
type verdict struct {
	api     *gen.API
	outcome outcome
	detail  string
}

// side is one side's run over a module.
type side struct {
	dir string
	out string
	err error
}

// header is the boilerplate both sides put on top of Go files.
const header = "/*\nCopyright The Fuzz Authors.\n*/\n\n"

// runner runs one family's seeds through both sides' tools.
type runner struct {
	t       *testing.T
	f       *family
	up, our string // the tools' directories
	header  string
}

func newRunner(t *testing.T, f *family) *runner {
	up, ours := toolsFor(t)
	h := filepath.Join(t.TempDir(), "boilerplate.go.txt")
	if err := os.WriteFile(h, []byte(header), 0o644); err != nil {
		t.Fatal(err)
	}
	return &runner{t: t, f: f, up: up, our: ours, header: h}
}

// run compares the seeds of apis in batches of size.
func (r *runner) run(apis []*gen.API, size int) []verdict {
	var out []verdict
	for b := range slices.Chunk(apis, max(1, size)) {
		out = append(out, r.batch(b)...)
	}
	slices.SortFunc(out, func(a, b verdict) int { return int(a.api.Seed - b.api.Seed) })
	return out
}

// batch runs apis in one module through both sides. When either side
// fails, it runs again: each seed that the output names alone, and the
// others together; or, when the output names none or all, each half of
// the batch. So each seed is classified by runs that only it failed.
// When some seeds' output is broken, they are classified, and the others
// run again without them.
func (r *runner) batch(apis []*gen.API) []verdict {
	up, ours, err := r.runBoth(apis)
	if err != nil {
		return all(apis, bug, err.Error())
	}
	if (up.err != nil || ours.err != nil) && len(apis) > 1 {
		return r.split(apis, named(up.out+"\n"+ours.out))
	}
	broken := map[int64]string{}
	if up.err == nil {
		broken = r.f.broken(r, up.dir, apis)
		maps.DeleteFunc(broken, func(_ int64, why string) bool { return why == "" })
	}
	var out []verdict
	var sameAPIs, others []*gen.API
	for _, a := range apis {
		if len(broken) > 0 && broken[a.Seed] == "" {
			// A seed whose output is broken would break the properties
			// of the others built with it: they run again without it.
			others = append(others, a)
			continue
		}
		v := r.classify(a, up, ours, broken[a.Seed])
		// Properties are of valid packages: a near miss may leave an
		// interface without its implementation, which the checks fill.
		if v.outcome == same && ours.err == nil && a.Mutation == nil {
			sameAPIs = append(sameAPIs, a)
		}
		out = append(out, v)
	}
	if len(others) > 0 {
		out = append(out, r.batch(others)...)
	}
	if len(sameAPIs) > 0 && r.f.property != nil {
		problems := r.f.property(r, ours.dir, sameAPIs)
		for i := range out {
			if p := problems[out[i].api.Seed]; p != "" && out[i].outcome == same {
				out[i] = verdict{out[i].api, bug, "property: " + p}
			}
		}
	}
	return out
}

// split classifies apis again: each one alone that picked picks, and the
// others together; or, when it picks none or all, each half.
func (r *runner) split(apis []*gen.API, picked func(*gen.API) bool) []verdict {
	var alone, others []*gen.API
	for _, a := range apis {
		if picked(a) {
			alone = append(alone, a)
		} else {
			others = append(others, a)
		}
	}
	if len(alone) == 0 || len(others) == 0 {
		h := len(apis) / 2
		return append(r.batch(apis[:h]), r.batch(apis[h:])...)
	}
	var out []verdict
	for _, a := range alone {
		out = append(out, r.batch([]*gen.API{a})...)
	}
	return append(out, r.batch(others)...)
}

// named picks the APIs whose directory out names, as a path element.
func named(out string) func(*gen.API) bool {
	return func(a *gen.API) bool {
		return regexp.MustCompile(`(^|[\s/])` + regexp.QuoteMeta(a.Root) + `/`).MatchString(out)
	}
}

func all(apis []*gen.API, o outcome, detail string) []verdict {
	var out []verdict
	for _, a := range apis {
		out = append(out, verdict{a, o, detail})
	}
	return out
}

// runBoth writes apis' module twice and runs each side's tool on one copy.
func (r *runner) runBoth(apis []*gen.API) (up, ours side, err error) {
	files, err := gen.RenderModule(apis...)
	if err != nil {
		return up, ours, err
	}
	root := r.t.TempDir()
	if *keep {
		root, _ = os.MkdirTemp("", "difftest-"+r.f.name)
		r.t.Logf("seeds %d..%d in %s", apis[0].Seed, apis[len(apis)-1].Seed, root)
	}
	up.dir, ours.dir = filepath.Join(root, "upstream"), filepath.Join(root, "apigen")
	for _, dir := range []string{up.dir, ours.dir} {
		if err := writeFiles(dir, files); err != nil {
			return up, ours, err
		}
	}
	var wg sync.WaitGroup
	for _, s := range []struct {
		sd  *side
		bin string
	}{{&up, r.up}, {&ours, r.our}} {
		wg.Go(func() {
			name, args := r.f.command(r, apis)
			s.sd.out, s.sd.err = execIn(s.sd.dir, filepath.Join(s.bin, name), args...)
		})
	}
	wg.Wait()
	return up, ours, nil
}

func writeFiles(dir string, files map[string][]byte) error {
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// execIn runs a command in dir, with the module cache only, and returns
// its combined output.
func execIn(dir, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off", "GOFLAGS=-mod=mod", "APIGEN_CACHE="+apigenCache)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// patterns are the package patterns of apis: one "./<root>/..." each.
func patterns(prefix string, apis []*gen.API) []string {
	var out []string
	for _, a := range apis {
		out = append(out, prefix+"./"+a.Root+"/...")
	}
	return out
}

// classify compares one seed's outputs, given what broke in upstream's.
func (r *runner) classify(a *gen.API, up, ours side, broken string) verdict {
	diags := diagnostics(ours.out, a.Root)
	if strings.Contains(ours.out, "panic:") || strings.Contains(ours.out, "goroutine ") {
		return verdict{a, bug, "ours panics:\n" + tail(ours.out, 40)}
	}
	if m := a.Mutation; m != nil && !atLine(diags, m) {
		return verdict{a, bug, fmt.Sprintf("no diagnostic at %s:%d (%s: %q, was %q); ours said:\n%s", m.File, m.Line, m.Kind, m.Text, m.Was, tail(ours.out, 20))}
	}
	upFail := broken
	if up.err != nil {
		upFail = fmt.Sprintf("%v:\n%s", up.err, tail(up.out, 20))
	}
	diff, full := compare(r.f.outputs(up.dir, a), r.f.outputs(ours.dir, a))
	why := ""
	if diff != "" {
		why = r.f.intended(a, full)
	}
	switch {
	case upFail != "" && ours.err != nil && len(diags) > 0:
		return verdict{a, upstreamFails, "upstream: " + upFail + "\nours: " + strings.Join(diags, "\n")}
	case upFail != "" && ours.err == nil && diff == "" && hasWarning(diags):
		return verdict{a, upstreamFails, "upstream: " + upFail + "\nours, the same bytes and: " + strings.Join(diags, "\n")}
	case upFail != "" && ours.err == nil && why != "" && hasWarning(diags):
		return verdict{a, intended, why + "\nupstream: " + upFail + "\nours: " + strings.Join(diags, "\n")}
	case upFail != "":
		return verdict{a, bug, "upstream fails, and ours gives no diagnostic for it: " + upFail + "\nours: " + tail(ours.out, 20) + "\n" + diff}
	case ours.err != nil:
		return verdict{a, bug, fmt.Sprintf("ours fails where upstream succeeds: %v\n%s", ours.err, tail(ours.out, 20))}
	case why != "":
		return verdict{a, intended, why}
	case diff != "":
		return verdict{a, bug, "outputs differ:\n" + diff}
	}
	return verdict{a, same, ""}
}

var diagLine = regexp.MustCompile(`(?m)^.*?([^\s:]+\.go):(\d+)(:\d+)?: .*$`)

// diagnostics are the lines of out that place a finding in a file below
// the API's root.
func diagnostics(out, root string) []string {
	var found []string
	for _, m := range diagLine.FindAllStringSubmatch(out, -1) {
		if strings.HasPrefix(m[1], root+"/") || strings.Contains(m[1], "/"+root+"/") {
			found = append(found, m[0])
		}
	}
	return found
}

// atLine reports whether one of diags is at the line the mutation changed.
func atLine(diags []string, m *gen.Mutation) bool {
	at := fmt.Sprintf("%s:%d:", m.File, m.Line)
	for _, d := range diags {
		if strings.Contains(d, at) {
			return true
		}
	}
	return false
}

func hasWarning(diags []string) bool {
	return slices.ContainsFunc(diags, func(d string) bool { return strings.Contains(d, ": warning: ") })
}

// compare returns a description of how two sets of files differ, "" when
// they hold the same files with the same bytes, and the whole diff of the
// files both hold, for a family's intended.
func compare(up, ours map[string][]byte) (string, string) {
	var b, full strings.Builder
	for _, name := range slices.Sorted(keysOf(up, ours)) {
		u, uok := up[name]
		o, ook := ours[name]
		switch {
		case !ook:
			fmt.Fprintf(&b, "%s: upstream writes it, ours does not\n", name)
			fmt.Fprintf(&full, "-%s: only upstream writes it\n", name)
		case !uok:
			fmt.Fprintf(&b, "%s: ours writes it, upstream does not\n", name)
			fmt.Fprintf(&full, "+%s: only ours writes it\n", name)
		case !bytes.Equal(u, o):
			fmt.Fprintf(&b, "%s differs:\n%s", name, refmodtest.FirstLines(o, u))
			full.WriteString(output.Diff("upstream", "apigen", string(u), string(o)))
		}
	}
	return b.String(), full.String()
}

func keysOf(ms ...map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, m := range ms {
			for k := range m {
				if !seen[k] {
					seen[k] = true
					if !yield(k) {
						return
					}
				}
			}
		}
	}
}

// filesBelow returns the files below dir/sub whose names match, keyed by
// slash path relative to dir.
func filesBelow(dir, sub string, match func(name string) bool) map[string][]byte {
	out := map[string][]byte{}
	filepath.WalkDir(filepath.Join(dir, sub), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !match(d.Name()) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err == nil {
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	return out
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// goBuild compiles apis' packages in dir and returns, by seed, why a
// seed's packages do not compile.
func goBuild(dir string, apis []*gen.API) map[int64]string {
	out, err := execIn(dir, "go", append([]string{"build"}, patterns("", apis)...)...)
	broken := map[int64]string{}
	if err == nil {
		return broken
	}
	for _, a := range apis {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, gen.Module+"/"+a.Root+"/") || strings.HasPrefix(l, a.Root+"/") {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			broken[a.Seed] = "the code does not compile:\n" + tail(strings.Join(lines, "\n"), 15)
		}
	}
	if len(broken) == 0 {
		for _, a := range apis {
			broken[a.Seed] = "go build: " + tail(out, 15)
		}
	}
	return broken
}

var (
	toolsOnce              sync.Once
	upBin, ourBin, toolErr string
	apigenCache            string
)

// TestMain removes the tools the tests built.
func TestMain(m *testing.M) { scratch.Main(m) }

// toolsFor builds, once per test process, upstream's tools from the module
// proxy and ours from this repository, for the families the run covers.
func toolsFor(t *testing.T) (string, string) {
	t.Helper()
	toolsOnce.Do(func() {
		root, err := scratch.Dir("difftest-tools")
		if err != nil {
			toolErr = err.Error()
			return
		}
		upBin, ourBin, apigenCache = filepath.Join(root, "upstream"), filepath.Join(root, "apigen"), filepath.Join(root, "cache")
		var up, ours []string
		for _, f := range chosen(t) {
			up = append(up, f.upstream...)
			ours = append(ours, strings.Fields(f.ours)...) // one or more commands
		}
		var wg sync.WaitGroup
		var upErr, ourErr error
		wg.Go(func() { upErr = upstream.Install(upBin, up...) })
		wg.Go(func() { ourErr = upstream.BuildOurs("..", ourBin, ours...) })
		wg.Wait()
		if err := cmpOr(upErr, ourErr); err != nil {
			toolErr = err.Error()
		}
	})
	if toolErr != "" {
		t.Fatal(toolErr)
	}
	return upBin, ourBin
}

func cmpOr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
