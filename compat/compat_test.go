package compat

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/markers"
)

// The fixtures are testdata/compat/<rule>/{old,new,ok}. A "// want: rule"
// comment (or "want: rule:severity") marks the line where a finding is
// expected: in new or ok for changes, in old for removals. Comparing old
// with new must give exactly the marked findings, and old with ok exactly
// those marked in ok (usually none).

var (
	regOnce sync.Once
	reg     *markers.Registry
)

// registry is generation's marker registry, as apigen compat gets it.
func registry() *markers.Registry {
	regOnce.Do(func() { reg = all.Specs.Registry() })
	return reg
}

var wantRE = regexp.MustCompile(`want: ([a-z-]+)(?::([a-z]+))?`)

// expectation is one marked finding: where, which rule, and the severity
// when the mark names one.
type expectation struct {
	revision, file string
	line           int
	rule, severity string
}

func (e expectation) String() string {
	return fmt.Sprintf("%s %s:%d %s %s", e.revision, e.file, e.line, e.rule, e.severity)
}

// wants reads the marks of the .go files below dir, and those of the
// YAML files ("# want: rule").
func wants(t *testing.T, dir, revision string) []expectation {
	t.Helper()
	var out []expectation
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		mark := map[string]string{".go": "// want: ", ".yaml": "# want: ", ".yml": "# want: "}[filepath.Ext(p)]
		if err != nil || d.IsDir() || mark == "" {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, p)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			_, comment, ok := strings.Cut(sc.Text(), mark)
			if !ok {
				continue
			}
			for _, m := range wantRE.FindAllStringSubmatch("want: "+comment, -1) {
				out = append(out, expectation{revision, filepath.ToSlash(rel), line, m[1], m[2]})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func fixtureRules(t *testing.T) []string {
	entries, err := os.ReadDir("../testdata/compat")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		// A fixture has an old revision; golden/ holds the history tests' files.
		if _, err := os.Stat(filepath.Join("../testdata/compat", e.Name(), "old")); e.IsDir() && err == nil {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixtures")
	}
	return out
}

func TestFixtures(t *testing.T) {
	for _, rule := range fixtureRules(t) {
		t.Run(rule, func(t *testing.T) {
			dir := filepath.Join("../testdata/compat", rule)
			for _, side := range []string{"new", "ok"} {
				t.Run(side, func(t *testing.T) {
					fs, err := Compare(Revision{Dir: filepath.Join(dir, "old")}, Revision{Dir: filepath.Join(dir, side)}, []string{"./..."}, registry())
					if err != nil {
						t.Fatal(err)
					}
					want := wants(t, filepath.Join(dir, side), "new")
					if side == "new" {
						want = append(want, wants(t, filepath.Join(dir, "old"), "base")...)
					}
					checkFindings(t, fs, want)
				})
			}
		})
	}
}

// checkFindings matches findings and expectations one to one.
func checkFindings(t *testing.T, fs []Finding, want []expectation) {
	t.Helper()
	used := make([]bool, len(want))
	for _, f := range fs {
		i := slices.IndexFunc(want, func(e expectation) bool {
			return e.revision == f.Revision && e.file == f.File && e.line == f.Line && e.rule == f.Rule
		})
		if i < 0 || used[i] {
			t.Errorf("unexpected finding %s:%d (%s) %s %s: %s", f.File, f.Line, f.Revision, f.Severity, f.Rule, f.Message)
			continue
		}
		used[i] = true
		sev := want[i].severity
		if sev == "" {
			sev = "error"
		}
		if f.Severity != sev {
			t.Errorf("%s:%d %s: severity %s, want %s", f.File, f.Line, f.Rule, f.Severity, sev)
		}
		if f.Reason == "" || f.Key != f.StableKey() {
			t.Errorf("%s:%d %s: reason %q, key %q", f.File, f.Line, f.Rule, f.Reason, f.Key)
		}
	}
	for i, e := range want {
		if !used[i] {
			t.Errorf("missing finding %s", e)
		}
	}
}

// TestEveryRuleHasAFixture keeps the rule table and the fixtures together.
func TestEveryRuleHasAFixture(t *testing.T) {
	marked := map[string]bool{}
	for _, rule := range fixtureRules(t) {
		for _, e := range wants(t, filepath.Join("../testdata/compat", rule), "") {
			marked[e.rule] = true
		}
	}
	for _, r := range rules {
		if !marked[r.id] {
			t.Errorf("rule %s has no fixture that expects it", r.id)
		}
	}
}

// TestDocsListEveryRule keeps docs/compat.md's table complete.
func TestDocsListEveryRule(t *testing.T) {
	b, err := os.ReadFile("../docs/compat.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		if !strings.Contains(string(b), "| `"+r.id+"` |") {
			t.Errorf("docs/compat.md has no row for %s", r.id)
		}
	}
}
