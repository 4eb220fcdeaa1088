package docs_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/compat"
	"github.com/apigen-dev/apigen/generators/all"
)

// TestChangesSinceRevision commits a version of compat's fixtures to a
// new git repository, changes it, and runs apigen docs --docs-base HEAD:
// its page must list what apigen compat --base HEAD finds, rule for rule.
func TestChangesSinceRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed:", err)
	}
	repo := t.TempDir()
	version := filepath.Join(repo, "v1")
	write := func(fixture string) {
		t.Helper()
		if err := os.RemoveAll(version); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(version, os.DirFS(filepath.Join("../../testdata/compat", fixture))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module example.com/since\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	write("removed-field/old")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "base")
	write("removed-field/new")

	var out, errs bytes.Buffer
	if code := compat.Main([]string{"-C", repo, "--base", "HEAD", "--output", "json", "./..."}, all.Specs.Registry(), &out, &errs); code != 1 {
		t.Fatalf("apigen compat: exit %d, want 1 (a finding)\n%s", code, errs.String())
	}
	var report compat.Report
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range report.Findings {
		want = append(want, f.GroupVersion+" "+f.Type+" "+f.Field+" "+f.Rule+" "+f.Severity)
	}

	docs := t.TempDir()
	runDocs(t, repo, docs, "--docs-base", "HEAD", "./...")
	b, err := os.ReadFile(filepath.Join(docs, "changes-since-HEAD.md"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(string(b), "\n") {
		c := strings.Split(line, " | ")
		if len(c) != 6 || !strings.HasPrefix(line, "| example.com/") {
			continue
		}
		typ := strings.TrimPrefix(strings.SplitN(c[1], "]", 2)[0], "[")
		got = append(got, strings.TrimPrefix(c[0], "| ")+" "+typ+" "+strings.Trim(c[2], "`")+" "+strings.Trim(c[4], "`")+" "+strings.TrimSuffix(c[5], " |"))
	}
	slices.Sort(got)
	slices.Sort(want)
	t.Logf("changes since HEAD: %q", got)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("changes since HEAD:\n%s\nwant what apigen compat finds:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
