package realworld

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

var (
	only  = flag.String("projects", "", "comma-separated project names to run (default: all)")
	ci    = flag.Bool("ci", false, "run the projects marked ci")
	keep  = flag.Bool("keep", false, "keep each project's trees and print where they are")
	table = flag.String("table", "", "also write the table to this file")
)

// result is one project's row.
type result struct {
	p                              Project
	compared, shipped, shippedSame int
	differing, missing, extra      []string
	diffs                          map[string]string // the start of each differing file's diff
	upstream, ours                 time.Duration
	failed                         string // why the project could not be compared
}

// TestSweep runs every project of projects.json through upstream's tools
// and apigen's, each with the project's own build steps, and compares what
// they write, then prints the table. It downloads projects and builds
// upstream's tools for minutes, so it runs only when asked for by name
// (-run Sweep); CI runs it with -ci.
func TestSweep(t *testing.T) {
	if run := flag.Lookup("test.run"); testing.Short() || run == nil || !strings.Contains(run.Value.String(), "Sweep") {
		t.Skip("the sweep runs when named: go test ./realworld -run Sweep [-ci | -projects a,b]")
	}
	projects := chosen(t, readManifest(t))
	up, ours, noop := toolboxes(t)
	var rows []result
	for _, p := range projects {
		r := result{p: p}
		if p.Refused == "" {
			t.Run(p.Name, func(t *testing.T) {
				r = sweep(t, p, up, ours, noop)
				if r.failed != "" {
					t.Error(r.failed)
				}
				for _, list := range [][]string{r.differing, r.missing, r.extra} {
					for _, f := range list {
						t.Errorf("%s: %s%s", f, r.kind(f), r.diffs[f])
					}
				}
			})
		}
		rows = append(rows, r)
	}
	md := render(rows)
	t.Log("\n" + md)
	if *table != "" {
		if err := os.WriteFile(*table, []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// chosen returns the projects this run covers.
func chosen(t testing.TB, all []Project) []Project {
	if *only != "" {
		names := strings.Split(*only, ",")
		out := slices.DeleteFunc(slices.Clone(all), func(p Project) bool { return !slices.Contains(names, p.Name) })
		if len(out) != len(names) {
			t.Fatalf("-projects %s: some are not in projects.json", *only)
		}
		return out
	}
	if *ci {
		return slices.DeleteFunc(slices.Clone(all), func(p Project) bool { return !p.CI })
	}
	return all
}

// sweep assembles p, runs upstream's tools on one copy and apigen's on
// another, and compares. Before apigen's run, every Go and YAML file that
// upstream wrote gets a comment line more, so that a file apigen fails to
// write differs even where the shipped one was right. The files are not
// deleted: the projects' own clean steps expect them.
func sweep(t *testing.T, p Project, up, ours toolbox, noop string) result {
	r := result{p: p}
	root := t.TempDir()
	if *keep {
		root, _ = os.MkdirTemp("", "realworld-"+p.Name)
		t.Logf("trees in %s", root)
	}
	base, upTree, ourTree := filepath.Join(root, "shipped"), filepath.Join(root, "upstream"), filepath.Join(root, "apigen")
	if err := assemble(p, base); err != nil {
		r.failed = "assembling: " + err.Error()
		return r
	}
	for _, dst := range []string{upTree, ourTree} {
		if err := copyTree(base, dst); err != nil {
			r.failed = err.Error()
			return r
		}
	}
	upWrote, d, _, err := runSteps(p, upTree, up, noop)
	r.upstream = d
	if err != nil {
		r.failed = "upstream: " + err.Error()
		return r
	}
	for f := range upWrote {
		if err := stale(filepath.Join(ourTree, f)); err != nil {
			r.failed = err.Error()
			return r
		}
	}
	ourWrote, d, _, err := runSteps(p, ourTree, ours, noop)
	r.ours = d
	if err != nil {
		r.failed = "apigen: " + err.Error()
	}
	r.compare(base, upTree, ourTree, upWrote, ourWrote)
	return r
}

// runSteps runs p's steps in tree with box's tools and returns the files
// they touched, how long they took, and the peak RSS in KB of the largest
// process they ran.
func runSteps(p Project, tree string, box toolbox, noop string) (map[string]bool, time.Duration, int64, error) {
	before, err := stampTree(tree)
	if err != nil {
		return nil, 0, 0, err
	}
	start := time.Now()
	var peak int64
	for _, s := range p.Steps {
		cmd := command(s, tree, box, noop)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return nil, time.Since(start), 0, fmt.Errorf("%s: %v\n%s", s, err, findings(out.String(), 60))
		}
		// Linux counts the reaped descendants of the step in its maximum.
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss)
		}
	}
	took := time.Since(start)
	wrote, err := before.touched(tree)
	for f := range wrote {
		if ignored(f, p.Ignore) {
			delete(wrote, f)
		}
	}
	return wrote, took, peak, err
}

// command is step s in tree with box's tools: named by the step's
// variables (on make's command line and in the environment) and first on
// PATH, so that a script calling a tool by name gets this side's.
func command(s Step, tree string, box toolbox, noop string) *exec.Cmd {
	vars := map[string]string{}
	for v, tool := range s.Tools {
		vars[v] = box.tool(tool)
	}
	for _, v := range s.Noop {
		vars[v] = noop
	}
	var cmd *exec.Cmd
	if s.Run != "" {
		cmd = exec.Command("bash", "-c", s.Run)
	} else {
		args := slices.Clone(s.Make)
		for _, v := range slices.Sorted(mapKeys(vars)) {
			// -o: make must not rebuild a tool the sweep provides.
			args = append(args, v+"="+vars[v], "-o", vars[v])
		}
		for _, target := range s.Done {
			args = append(args, "-o", target)
		}
		cmd = exec.Command("make", args...)
	}
	cmd.Dir = filepath.Join(tree, s.Dir)
	// GOPATH is set, as in a shell whose Go set-up scripts rely on it.
	cmd.Env = append(os.Environ(), "PATH="+box.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"CODEGEN_PKG="+box.codegenPkg, "GOTOOLCHAIN=local", "GOPATH="+gopath())
	cmd.Env = append(cmd.Env, box.env...)
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	return cmd
}

// gopath is go env GOPATH.
func gopath() string {
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// compare fills r from the three trees: every file either side wrote is
// compared between them, and upstream's with the shipped one.
func (r *result) compare(base, upTree, ourTree string, upWrote, ourWrote map[string]bool) {
	r.diffs = map[string]string{}
	for _, f := range slices.Sorted(mapKeys(union(upWrote, ourWrote))) {
		u, uerr := os.ReadFile(filepath.Join(upTree, f))
		o, oerr := os.ReadFile(filepath.Join(ourTree, f))
		switch {
		case uerr != nil && oerr != nil:
		case uerr != nil:
			r.extra = append(r.extra, f)
		case oerr != nil || upWrote[f] && !ourWrote[f] && bytes.HasSuffix(o, []byte(staleMark)):
			r.missing = append(r.missing, f)
		case !bytes.Equal(u, o):
			r.differing = append(r.differing, f)
			r.diffs[f] = "\n" + refmodtest.FirstLines(o, u)
		}
		if uerr == nil && upWrote[f] {
			r.compared++
			if s, err := os.ReadFile(filepath.Join(base, f)); err == nil {
				r.shipped++
				if bytes.Equal(s, u) {
					r.shippedSame++
				}
			}
		}
	}
}

// staleMark ends a file upstream wrote, in apigen's copy before its run.
const staleMark = "realworld: stale\n"

// stale adds a comment line to file if it is Go or YAML and exists.
func stale(file string) error {
	var comment string
	switch filepath.Ext(file) {
	case ".go":
		comment = "\n// " + staleMark
	case ".yaml", ".yml":
		comment = "\n# " + staleMark
	default:
		return nil
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = f.WriteString(comment)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (r result) kind(f string) string {
	switch {
	case slices.Contains(r.missing, f):
		return "upstream writes it, apigen does not"
	case slices.Contains(r.extra, f):
		return "apigen writes it, upstream does not"
	}
	return "differs from upstream's"
}

func union(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, m := range []map[string]bool{a, b} {
		for k := range m {
			out[k] = true
		}
	}
	return out
}

// findings returns the lines of a failed step's output that say what
// failed, those with a file:line or "error", else its last n lines.
func findings(s string, n int) string {
	var found []string
	for _, l := range strings.Split(s, "\n") {
		if fileLine.MatchString(l) || strings.Contains(strings.ToLower(l), "error") {
			found = append(found, l)
		}
	}
	if len(found) == 0 {
		return tail(s, n)
	}
	return tail(strings.Join(found, "\n"), n)
}

var fileLine = regexp.MustCompile(`\.go:\d+`)

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"..."}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}
