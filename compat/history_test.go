package compat

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the k8s.io/api history tests")

// The real-history test: k8s.io/api v0.36.2 -> v0.37.2, compared as
// `apigen compat --base-module k8s.io/api@v0.36.2 ./...` run in a copy of
// v0.37.2 compares them. docs/compat-history.md judges every line of the
// golden file.
const (
	historyBase   = "k8s.io/api@v0.36.2"
	historyHead   = "k8s.io/api@v0.37.2"
	historyGolden = "../testdata/compat/golden/k8s-api-v0.36.2-v0.37.2.txt"
)

// moduleDir returns a writable copy of module@version, removed after t.
func moduleDir(t testing.TB, modVer string) string {
	t.Helper()
	dir, cleanup, err := moduleCopy(modVer)
	if err != nil {
		t.Fatalf("fetching %s: %v", modVer, err)
	}
	t.Cleanup(cleanup)
	return dir
}

// stable is the printed form the golden file pins: key, place, severity.
func stable(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		where := fmt.Sprintf("%s:%d", f.File, f.Line)
		if f.Revision == "base" {
			where += " (base)"
		}
		out = append(out, fmt.Sprintf("%s %s %s", f.Key, where, f.Severity))
	}
	sort.Strings(out)
	return out
}

func TestKubernetesAPIHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and compares k8s.io/api twice")
	}
	head := moduleDir(t, historyHead)
	code, out, stderr := run(t, "-C", head, "--base-module", historyBase, "--output", "json", "./...")
	if code == 2 || stderr != "" {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := strings.Join(stable(r.Findings), "\n") + "\n"
	if *update {
		if err := os.MkdirAll(filepath.Dir(historyGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(historyGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(historyGolden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("findings differ from %s (judge them in docs/compat-history.md, then run with -update):\n%s", historyGolden, lineDiff(string(want), got))
	}
	if failed := code == 1; failed != r.Failed {
		t.Errorf("exit %d but failed=%v", code, r.Failed)
	}
}

// lineDiff lists the lines only one side has.
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		if !g[l] {
			fmt.Fprintf(&b, "-%s\n", l)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
		if !w[l] {
			fmt.Fprintf(&b, "+%s\n", l)
		}
	}
	return b.String()
}

// TestHistoryJudged requires docs/compat-history.md to judge every
// finding the golden file pins, by its key.
func TestHistoryJudged(t *testing.T) {
	golden, err := os.ReadFile(historyGolden)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/compat-history.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(golden)), "\n")
	if len(lines) < 2 {
		t.Fatalf("%s has %d lines", historyGolden, len(lines))
	}
	for _, l := range lines {
		key, place, _ := strings.Cut(l, " ")
		place = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(place, " error"), " warning"), " exempt")
		if !strings.Contains(string(doc), "`"+key+"` at "+place) {
			t.Errorf("docs/compat-history.md does not judge %s at %s", key, place)
		}
	}
}
