package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs featuregate-gen, with the fixtures' gates package as
// --known-feature-gates, on packages with bad input. Each run must print
// exactly the diagnostics in testdata/featuregate/diagnostics/golden. A run
// with an error must exit 1 and write nothing; ontype's findings are
// warnings (a +featureGate on a type is read nowhere, as any marker out of
// place), so it writes its (empty) file and fails with --strict.
func TestDiagnostics(t *testing.T) {
	for _, name := range []string{"ontype", "emptygate", "notomitempty", "unknowngate", "badoptin"} {
		t.Run(name, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, "../../testdata/featuregate/diagnostics")
			want, err := os.ReadFile(filepath.Join(dir, "golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			refmodtest.Diagnostics(t, dir, "zz_generated.featuregate.go", run, string(want), name == "ontype",
				"--known-feature-gates", "featuregate.example/gates", "./"+name)
		})
	}
}

// TestKnownGates shows that gates the --known-feature-gates package lists
// pass, and that the helpers are then written.
func TestKnownGates(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/featuregate/diagnostics")
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--known-feature-gates", "featuregate.example/gates", "./good"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "good", "zz_generated.featuregate.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func DropDisabledFrobberFields(", "func FrobberFeatureGatesInUse(", `{"Frobber2D"}`, `{"FrobberPortHints"}`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the generated file lacks %s:\n%s", want, data)
		}
	}
}
