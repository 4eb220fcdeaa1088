package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// lintQuirks are findings where upstream's message differs from ours for
// the same field: upstream's linter evaluates a typedef's list tags again
// with the run's own validators, which then complain that the list type
// was given twice; ours evaluates them afresh and reports the rule.
var lintQuirks = map[string]string{
	"tags/item/typedef.Struct: field NestedTypedefItems": `invalid validation tags: tag "k8s:listType": listType cannot be specified more than once`,
	"tags/item/union/typedef.Struct: field Tasks":        `invalid validation tags: tag "k8s:listType": listType cannot be specified more than once`,
	"tags/item/zerorooneof/typedef.Struct: field Tasks":  `invalid validation tags: tag "k8s:listType": listType cannot be specified more than once`,
}

// TestLintAsUpstream lints upstream's whole output_tests corpus with
// every +k8s:validation-gen-nolint removed, with upstream's binary and
// with ours, and compares the findings: about 1100, one per broken rule
// per type or field.
func TestLintAsUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("runs upstream over the whole corpus")
	}
	_, tests, _ := outputTests(t)
	paritytest.Split(t, tests, generated)
	err := filepath.WalkDir(tests, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(b, []byte("+k8s:validation-gen-nolint")) {
			return err
		}
		b = regexp.MustCompile(`(?m)^.*\+k8s:validation-gen-nolint.*\n`).ReplaceAll(b, nil)
		return os.WriteFile(p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--output-file", outputName, "./..."}
	up := exec.Command(filepath.Join(refmodtest.InstallUpstream(t, "validation-gen"), "validation-gen"), args...)
	up.Dir = tests
	upOut, err := up.CombinedOutput()
	if err == nil {
		t.Fatalf("upstream passed the lint:\n%s", upOut)
	}
	var stderr bytes.Buffer
	if code := run(append([]string{"-C", tests}, args...), io.Discard, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", code, stderr.String())
	}
	prefix := "k8s.io/code-generator/cmd/validation-gen/output_tests/"
	want, got := upstreamFindings(string(upOut), prefix), ourFindings(stderr.String(), prefix)
	for where, msg := range lintQuirks {
		if want[where+": "+msg] {
			delete(want, where+": "+msg)
			want[where+": field with validation must have +k8s:optional, +k8s:required or +k8s:forbidden"] = true
		}
	}
	if len(want) < 1000 {
		t.Errorf("upstream reported %d findings, expected over 1000", len(want))
	}
	for _, f := range sortedKeys(want) {
		if !got[f] {
			t.Errorf("upstream only: %s", f)
		}
	}
	for _, f := range sortedKeys(got) {
		if !want[f] {
			t.Errorf("ours only: %s", f)
		}
	}
}

// upstreamFindings reads upstream's "lint failed" report: "  type T:"
// lines, each followed by "    <finding>" lines.
func upstreamFindings(out, prefix string) map[string]bool {
	found := map[string]bool{}
	typ := ""
	for _, line := range strings.Split(out, "\n") {
		if t, ok := strings.CutPrefix(line, "  type "); ok && strings.HasSuffix(t, ":") {
			typ = strings.TrimPrefix(strings.TrimSuffix(t, ":"), prefix)
		} else if f, ok := strings.CutPrefix(line, "    "); ok && typ != "" {
			found[typ+": "+f] = true
		}
	}
	return found
}

var ourLint = regexp.MustCompile(`lint: type (\S+): (.*)$`)

func ourFindings(out, prefix string) map[string]bool {
	found := map[string]bool{}
	for _, line := range strings.Split(out, "\n") {
		if m := ourLint.FindStringSubmatch(line); m != nil {
			found[strings.TrimPrefix(m[1], prefix)+": "+m[2]] = true
		}
	}
	return found
}
