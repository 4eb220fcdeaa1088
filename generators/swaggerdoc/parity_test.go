package swaggerdoc_test

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/swaggerdoctest"
)

const outputName = "types_swagger_doc_generated.go"

// generate is apigen generate: every tool, of which args pick.
func generate(args []string, stdout, stderr io.Writer) int {
	cmd, code, ok := all.Specs.ParseGenerate(args, stdout, stderr)
	if !ok {
		return code
	}
	return engine.Run(cmd.Options, cmd.Generators()...)
}

// boilerplate is the header Kubernetes' script gives the files.
func boilerplate(t *testing.T) string {
	return filepath.Join(refmodtest.Download(t, swaggerdoctest.Kubernetes), "hack/boilerplate/boilerplate.generatego.txt")
}

// TestParityKubernetesAPI regenerates k8s.io/api over ./...: the packages
// selected must be exactly the 58 that ship the file, and every file must
// be byte for byte the shipped one.
func TestParityKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates a whole reference module: slow")
	}
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	shipped := refmodtest.Regenerate(t, dir, outputName, generate,
		"--generators", "swaggerdoc", "--go-header-file", boilerplate(t), "./...")
	if len(shipped) != 58 {
		t.Fatalf("k8s.io/api ships %d swagger doc files, expected 58", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
	var stdout, stderr bytes.Buffer
	if code := generate([]string{"-C", dir, "--verify-only", "--generators", "swaggerdoc", "--go-header-file", boilerplate(t), "./..."}, &stdout, &stderr); code != 0 {
		t.Errorf("--verify-only after regenerating: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestParityMeta regenerates the two apimachinery packages that Kubernetes'
// script names besides its group versions.
func TestParityMeta(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/apimachinery@v0.37.2")
	shipped := refmodtest.Regenerate(t, dir, outputName, generate,
		"--generators", "swaggerdoc", "--go-header-file", boilerplate(t), "./pkg/apis/meta/v1", "./pkg/apis/meta/v1beta1")
	if len(shipped) != 2 {
		t.Fatalf("k8s.io/apimachinery ships %d swagger doc files, expected 2", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParityScript compares with Kubernetes' own gen_types_swagger_doc,
// run with upstream's genswaggertypedocs, on testdata/swaggerdoc/rules:
// widgets/v1's types.go exercises each rule of the docs, and the other
// packages each lack one thing the selection needs.
func TestParityScript(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/swaggerdoc/rules")
	bin := swaggerdoctest.Build(t)
	header := boilerplate(t)
	for _, gv := range []string{"widgets/v1", "widgets/v1beta1"} {
		swaggerdoctest.Script(t, bin, header, "widgets.example.com/"+filepath.Base(gv), filepath.Join(dir, gv))
	}
	want := refmodtest.Regenerate(t, dir, outputName, generate,
		"--generators", "swaggerdoc", "--go-header-file", header, "./...")
	if len(want) != 2 {
		t.Fatalf("the script wrote %d files, expected 2", len(want))
	}
	refmodtest.Compare(t, dir, outputName, want)
}

// TestOptIn checks that apigen generate runs the generator only when
// --generators names it.
func TestOptIn(t *testing.T) {
	for args, want := range map[string]bool{"": false, "swaggerdoc": true, "deepcopy": false} {
		flags := []string{"./..."}
		if args != "" {
			flags = append([]string{"--generators", args}, flags...)
		}
		cmd, _, ok := all.Specs.ParseGenerate(flags, io.Discard, io.Discard)
		if !ok {
			t.Fatalf("apigen generate %v did not parse", flags)
		}
		got := slices.ContainsFunc(cmd.Generators(), func(g *engine.Generator) bool { return g.Name == "swaggerdoc" })
		if got != want {
			t.Errorf("--generators %q: swaggerdoc runs = %v, want %v", args, got, want)
		}
	}
}

// TestDiagnostics runs on packages whose types.go is bad: each run must
// exit 1, say where the problem is, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/swaggerdoc/bad")
	if err != nil {
		t.Fatal(err)
	}
	for pkg, want := range map[string]string{
		"parse": "parse/v1/types.go:6:12: expected ';', found int\n" +
			"parse/v1/types.go:7:3: expected '}', found 'EOF'\n",
		"embedded": "embedded/v1/types.go:9:2: embedded field Base has no JSON name: give it a json tag (upstream genswaggertypedocs crashes on it)\n",
		"backslash": "backslash/v1/types.go:5:2: this doc comment does not make a valid Go string: " +
			"a backslash that starts no escape is copied as it is, and upstream's gofmt step fails on it\n",
	} {
		t.Run(pkg, func(t *testing.T) {
			refmodtest.Diagnostics(t, root, outputName, generate, want, false,
				"--generators", "swaggerdoc", "./"+pkg+"/...")
		})
	}
}
