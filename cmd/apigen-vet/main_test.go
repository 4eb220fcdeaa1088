package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/analysis"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestGoVet runs go vet -vettool=apigen-vet on testdata/diagnostics: it
// must exit 1 and print the findings apigen vet prints, no more, no less.
func TestGoVet(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "apigen-vet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := refmodtest.CopyDir(t, "../../testdata/diagnostics")
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("go vet: %v, want exit status 1\n%s", err, stderr.String())
	}
	vet := refmodtest.Findings(dir, stderr.String())

	var out bytes.Buffer
	if code := analysis.Vet([]string{"-C", dir, "./..."}, &out, &out); code != 1 {
		t.Errorf("apigen vet: exit status %d, want 1", code)
	}
	want := refmodtest.Findings(dir, out.String())
	if len(want) == 0 || !slices.Equal(vet, want) {
		t.Errorf("go vet -vettool printed\n%s\napigen vet printed\n%s", strings.Join(vet, "\n"), strings.Join(want, "\n"))
	}
	t.Logf("%d findings", len(vet))
}
