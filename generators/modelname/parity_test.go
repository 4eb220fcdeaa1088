package modelname_test

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/output"
)

const outputName = "zz_generated.model_name.go"

// readOnly is the list kube_codegen.sh (v0.37.2) passes to openapi-gen as
// --readonly-pkg: packages that live in the module cache.
var readOnly = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"k8s.io/apimachinery/pkg/version",
	"time",
}

// regenerate removes the shipped model-name files below dir, runs the
// generator over patterns with dir as the working directory, and returns
// the shipped files for refmodtest.Compare. Every file the generator writes or
// owns must lie below dir: read-only packages get neither.
func regenerate(t *testing.T, dir, headerFile string, readOnly []string, patterns ...string) map[string][]byte {
	t.Helper()
	header, err := output.ReadHeader(headerFile)
	if err != nil {
		t.Fatal(err)
	}
	shipped := refmodtest.Take(t, dir, outputName)
	gen := &modelname.Generator{OutputFile: outputName, Header: header, ReadOnly: readOnly}
	out, diags := engine.Generate(engine.Options{Dir: dir, Patterns: patterns, Stdout: io.Discard, Stderr: io.Discard}, gen.Engine())
	if diags.Len() > 0 {
		var b bytes.Buffer
		diags.Print(&b)
		t.Fatalf("diagnostics:\n%s", b.String())
	}
	var paths []string
	for _, f := range out.Files {
		paths = append(paths, f.Path)
	}
	for _, p := range append(paths, out.Owned...) {
		if rel, err := filepath.Rel(dir, p); err != nil || !filepath.IsLocal(rel) {
			t.Errorf("%s is outside the module being generated (a read-only package?)", p)
		}
	}
	if err := output.Write(out.Files, nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	return shipped
}

// TestParityKubernetesAPI regenerates every model-name file of k8s.io/api
// as upstream's reference invocation does: ./... from the module root.
func TestParityKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates a whole reference module: slow")
	}
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1/zz_generated.deepcopy.go"), 4, 18)
	shipped := regenerate(t, dir, header, nil, "./...")
	if len(shipped) != 60 {
		t.Fatalf("k8s.io/api ships %d model-name files, expected 60", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// openapiInputs returns the packages kube_codegen.sh's gen_openapi passes
// to openapi-gen for in_dir: the directories under it holding a .go file
// with a "// +k8s:openapi..." line, sorted, after the apimachinery packages
// it always adds.
func openapiInputs(t *testing.T, module, root, inDir string) []string {
	t.Helper()
	tagged := regexp.MustCompile(`^\s*//\s*\+k8s:openapi`)
	var dirs []string
	err := filepath.WalkDir(filepath.Join(root, inDir), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".go" {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		for s := bufio.NewScanner(f); s.Scan(); {
			if tagged.Match(s.Bytes()) {
				dirs = append(dirs, filepath.Dir(p))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	pkgs := []string{
		"k8s.io/apimachinery/pkg/apis/meta/v1",
		"k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/version",
		"k8s.io/apimachinery/pkg/api/resource",
	}
	for _, d := range slices.Compact(dirs) {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, module+"/"+filepath.ToSlash(rel))
	}
	return pkgs
}

// TestParitySampleAPIServer runs as sample-apiserver's update-codegen.sh
// has kube_codegen.sh run openapi-gen: on pkg/apis, with the apimachinery
// packages as read-only inputs that must get no file.
func TestParitySampleAPIServer(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates a whole reference module: slow")
	}
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	pkgs := openapiInputs(t, "k8s.io/sample-apiserver", dir, "pkg/apis")
	if want := "k8s.io/sample-apiserver/pkg/apis/wardle/v1beta1"; !slices.Contains(pkgs, want) {
		t.Fatalf("the packages gen_openapi would pass lack %s: %v", want, pkgs)
	}
	shipped := regenerate(t, dir, filepath.Join(dir, "hack/boilerplate.go.txt"), readOnly, pkgs...)
	if len(shipped) != 2 {
		t.Fatalf("sample-apiserver ships %d model-name files, expected 2", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParityMetrics regenerates k8s.io/metrics' model-name files. Its
// update-codegen.sh does not run openapi-gen (Kubernetes' own script does),
// so this runs over the whole module, which also shows that no other
// package gets a file.
func TestParityMetrics(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates a whole reference module: slow")
	}
	dir := refmodtest.Copy(t, "k8s.io/metrics@v0.37.2")
	shipped := regenerate(t, dir, filepath.Join(dir, "hack/boilerplate.go.txt"), nil, "./...")
	if len(shipped) != 6 {
		t.Fatalf("metrics ships %d model-name files, expected 6", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParityAPIMachinery regenerates k8s.io/apimachinery, whose
// intstr and resource packages tag single types rather than the package.
// The shipped pkg/runtime/testing/v1 file is stale: no marker in that
// package asks for it, so upstream's openapi-gen does not write it either.
func TestParityAPIMachinery(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates a whole reference module: slow")
	}
	dir := refmodtest.Copy(t, "k8s.io/apimachinery@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "pkg/apis/meta/v1", outputName), 4, 18)
	shipped := regenerate(t, dir, header, nil, "./...")
	stale := filepath.Join(dir, "pkg/runtime/testing/v1", outputName)
	if _, ok := shipped[stale]; !ok || len(shipped) != 8 {
		t.Fatalf("apimachinery ships %d model-name files, expected 8 including %s", len(shipped), stale)
	}
	delete(shipped, stale)
	refmodtest.Compare(t, dir, outputName, shipped)
}
