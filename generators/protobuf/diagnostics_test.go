package protobuf_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs the generator on packages with bad input. Each run
// must fail, print exactly the diagnostics in
// testdata/protobuf/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	for _, name := range []string{"duplicate", "badtag", "badtype", "badas", "reuse", "badtombstone", "gofields"} {
		t.Run(name, func(t *testing.T) {
			golden, err := filepath.Abs(filepath.Join("../../testdata/protobuf/diagnostics/golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			module := refmodtest.CopyDir(t, "../../testdata/protobuf")
			before := goFiles(t, []string{module})
			t.Chdir(filepath.Join(module, "diagnostics"))
			g := fixtureGenerator("")
			g.Packages = nil // the run's packages
			g.GoCode = protobuf.GogoCode
			var stderr bytes.Buffer
			code := engine.Run(engine.Options{Patterns: []string{"./" + name}, Stdout: io.Discard, Stderr: &stderr}, g.Engine())
			if code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			refmodtest.Golden(t, golden, stderr.String())
			if written := refmodtest.Take(t, module, "generated.proto"); len(written) > 0 {
				t.Errorf("wrote %d generated.proto files although the run failed", len(written))
			}
			for p, h := range goFiles(t, []string{module}) {
				if before[p] != h {
					t.Errorf("%s changed although the run failed", p)
				}
			}
		})
	}
}

// TestTombstones shows that a new field's number skips a tombstone's,
// where upstream's reuses it.
func TestTombstones(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tool from the module proxy")
	}
	_, module := gopathCopy(t)
	g := fixtureGenerator("tombstones")
	var stderr bytes.Buffer
	if code := engine.Run(engine.Options{Dir: module, Patterns: g.Packages, Stdout: io.Discard, Stderr: &stderr}, g.Engine()); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	proto := string(readFile(t, filepath.Join(module, "tombstones/generated.proto")))
	tags := string(readFile(t, filepath.Join(module, "tombstones/types.go")))
	if !strings.Contains(proto, "optional int32 depth = 4;") || !strings.Contains(tags, `protobuf:"varint,4,opt,name=depth"`) {
		t.Errorf("depth is not numbered 4, past the tombstone of 3:\n%s\n%s", proto, tags)
	}

	_, theirs := gopathCopy(t)
	refmodtest.RunUpstream(t, "go-to-protobuf", theirs, "--only-idl", "--apimachinery-packages=", "--packages="+g.Packages[0])
	if upstream := string(readFile(t, filepath.Join(theirs, "tombstones/generated.proto"))); !strings.Contains(upstream, "optional int32 depth = 3 [") {
		t.Errorf("upstream no longer gives depth the tombstone's number 3:\n%s", upstream)
	}
}

// TestVerifyMissingTag shows that --verify-only reports a Go file that
// lacks a protobuf tag as stale, with the tag in the diff.
func TestVerifyMissingTag(t *testing.T) {
	_, module := gopathCopy(t)
	g := fixtureGenerator("tombstones")
	var stdout, stderr bytes.Buffer
	opts := engine.Options{Dir: module, Patterns: g.Packages, Stdout: &stdout, Stderr: &stderr, VerifyOnly: true}
	if code := engine.Run(opts, g.Engine()); code != 1 {
		t.Fatalf("exit status %d, want 1:\n%s", code, stderr.String())
	}
	types := filepath.Join(module, "tombstones/types.go")
	for _, want := range []string{"stale: " + types, `+	Depth int32 ` + "`" + `json:"depth" protobuf:"varint,4,opt,name=depth"` + "`", "missing: " + filepath.Join(module, "tombstones/generated.proto")} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
	if _, err := os.Stat(filepath.Join(module, "tombstones/generated.proto")); err == nil {
		t.Error("--verify-only wrote generated.proto")
	}
}

// TestMissingTombstone shows that a package marked
// +apigen:protobuf:tombstones=required is warned of numbers no field and
// no tombstone holds: golden/gap.txt is the warning as --strict prints it,
// the run without --strict succeeds, and without the marker there is no
// warning.
func TestMissingTombstone(t *testing.T) {
	golden, err := filepath.Abs("../../testdata/protobuf/diagnostics/golden/gap.txt")
	if err != nil {
		t.Fatal(err)
	}
	module := refmodtest.CopyDir(t, "../../testdata/protobuf")
	t.Chdir(filepath.Join(module, "diagnostics"))
	run := func(strict bool) (int, string) {
		g := fixtureGenerator("")
		g.Packages = nil
		var stderr bytes.Buffer
		code := engine.Run(engine.Options{Patterns: []string{"./gap"}, Strict: strict, Stdout: io.Discard, Stderr: &stderr}, g.Engine())
		return code, stderr.String()
	}
	code, out := run(true)
	if code != 1 {
		t.Errorf("--strict: exit status %d, want 1", code)
	}
	refmodtest.Golden(t, golden, out)
	if code, out := run(false); code != 0 || !strings.Contains(out, "warning: protobuf numbers 2, 3 of Frobber") {
		t.Errorf("exit status %d, want 0 and the warning:\n%s", code, out)
	}
	if err := os.Remove("gap/doc.go"); err != nil {
		t.Fatal(err)
	}
	if code, out := run(false); code != 0 || out != "" {
		t.Errorf("without the marker: exit status %d, want 0 and no warning:\n%s", code, out)
	}
}
