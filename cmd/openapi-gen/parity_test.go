package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/scratch"
	"github.com/apigen-dev/apigen/output"
)

// upstreamVersion is the kube-openapi that code-generator v0.37.2 requires.
const upstreamVersion = "k8s.io/kube-openapi/cmd/openapi-gen@v0.0.0-20260721132016-d427ff9ee9ad"

var upstream struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

func TestMain(m *testing.M) { scratch.Main(m) }

// upstreamBinary builds kube-openapi's openapi-gen from the module proxy,
// once per test process.
func upstreamBinary(t testing.TB) string {
	t.Helper()
	upstream.once.Do(func() {
		upstream.dir, upstream.err = scratch.Dir("openapi-gen-upstream")
		if upstream.err != nil {
			return
		}
		install := exec.Command("go", "install", upstreamVersion)
		install.Dir = upstream.dir
		install.Env = append(os.Environ(), "GOBIN="+upstream.dir, "GOFLAGS=", "GOWORK=off")
		upstream.out, upstream.err = install.CombinedOutput()
		upstream.bin = filepath.Join(upstream.dir, "openapi-gen")
	})
	if upstream.err != nil {
		t.Fatalf("installing upstream openapi-gen: %v\n%s", upstream.err, upstream.out)
	}
	return upstream.bin
}

// runUpstream runs upstream's openapi-gen in dir and returns the file it
// wrote into outDir and its report.
func runUpstream(t testing.TB, dir, outDir string, args ...string) (file, report []byte) {
	t.Helper()
	reportPath := filepath.Join(t.TempDir(), "report")
	args = append([]string{"--output-dir", outDir, "--report-filename", reportPath}, args...)
	gen := exec.Command(upstreamBinary(t), args...)
	gen.Dir = dir
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("upstream openapi-gen: %v\n%s", err, out)
	}
	return readGenerated(t, outDir, reportPath)
}

// runOurs runs our openapi-gen with -C dir and returns what it wrote.
func runOurs(t testing.TB, dir, outDir string, args ...string) (file, report []byte) {
	t.Helper()
	reportPath := filepath.Join(t.TempDir(), "report")
	args = append([]string{"-C", dir, "--output-dir", outDir, "--report-filename", reportPath}, args...)
	var stderr bytes.Buffer
	if code := run(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	if !filepath.IsAbs(outDir) {
		outDir = filepath.Join(dir, outDir)
	}
	return readGenerated(t, outDir, reportPath)
}

func readGenerated(t testing.TB, outDir, reportPath string) (file, report []byte) {
	t.Helper()
	file, err := os.ReadFile(filepath.Join(outDir, outputName))
	if err != nil {
		t.Fatal(err)
	}
	report, err = os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	return file, report
}

const (
	outputName    = "zz_generated.openapi.go"
	modelNameFile = "zz_generated.model_name.go"
)

func compare(t *testing.T, what string, want, got []byte) {
	t.Helper()
	if !bytes.Equal(want, got) {
		d := strings.SplitAfter(output.Diff("upstream", "apigen", string(want), string(got)), "\n")
		if len(d) > 40 {
			d = append(d[:40], "...\n")
		}
		t.Errorf("%s differs from upstream:\n%s", what, strings.Join(d, ""))
	}
}

// readonlyPkgs are the packages kube_codegen.sh passes as --readonly-pkg
// (KUBE_CODEGEN_READONLY_PKGS of code-generator v0.37.2).
var readonlyPkgs = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"k8s.io/apimachinery/pkg/version",
	"time",
}

// sampleAPIServerArgs is the command line kube::codegen::gen_openapi of
// code-generator v0.37.2 runs for sample-apiserver's hack/update-codegen.sh,
// without --output-dir and --report-filename: the apimachinery packages it
// always passes, then the packages whose files have a +k8s:openapi marker.
func sampleAPIServerArgs() []string {
	args := []string{"-v", "0", "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt",
		"--output-pkg", "k8s.io/sample-apiserver/pkg/generated/openapi", "--output-model-name-file=" + modelNameFile}
	for _, p := range readonlyPkgs {
		args = append(args, "--readonly-pkg", p)
	}
	return append(args,
		"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource",
		"k8s.io/sample-apiserver/pkg/apis/wardle/v1alpha1", "k8s.io/sample-apiserver/pkg/apis/wardle/v1beta1")
}

// TestParitySampleAPIServer regenerates sample-apiserver's
// pkg/generated/openapi/zz_generated.openapi.go as kube_codegen.sh does:
// it must equal the shipped file, and the API rule report must equal
// upstream's (run here with the same flags; its file must match the shipped
// one too, which shows the flags are right).
func TestParitySampleAPIServer(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	outDir := filepath.Join(dir, "pkg/generated/openapi")
	shipped, err := os.ReadFile(filepath.Join(outDir, outputName))
	if err != nil {
		t.Fatal(err)
	}
	modelNames := refmodtest.Take(t, dir, modelNameFile)
	if len(modelNames) != 2 {
		t.Fatalf("sample-apiserver ships %d %s files, expected 2", len(modelNames), modelNameFile)
	}
	wantFile, wantReport := runUpstream(t, dir, outDir, sampleAPIServerArgs()...)
	compare(t, "upstream's "+outputName+" (a wrong command line?)", shipped, wantFile)
	if n := bytes.Count(wantReport, []byte("\n")); n != 15 {
		t.Errorf("upstream reports %d API rule violations, expected 15", n)
	}
	if err := os.Remove(filepath.Join(outDir, outputName)); err != nil {
		t.Fatal(err)
	}
	refmodtest.Take(t, dir, modelNameFile)
	gotFile, gotReport := runOurs(t, dir, "pkg/generated/openapi", sampleAPIServerArgs()...)
	compare(t, outputName, shipped, gotFile)
	compare(t, "the API rule report", wantReport, gotReport)
	// --output-model-name-file writes the shipped model name files again.
	refmodtest.Compare(t, dir, modelNameFile, modelNames)
}

// TestParityKubernetesAPI generates the definitions of every type of
// k8s.io/api (1263 schemas), with upstream's openapi-gen and ours, as
// reference.md runs it; the files and reports must be equal.
func TestParityKubernetesAPI(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1/zz_generated.deepcopy.go"), 4, 18)
	modelNames := refmodtest.Take(t, dir, modelNameFile)
	args := []string{"--go-header-file", header, "--output-file", outputName, "--output-pkg", "k8s.io/api/oa",
		"--output-model-name-file", modelNameFile, "./..."}
	wantFile, wantReport := runUpstream(t, dir, t.TempDir(), args...)
	if n := bytes.Count(wantFile, []byte("\nfunc schema_")); n < 1200 {
		t.Fatalf("upstream wrote %d schema functions, expected over 1200", n)
	}
	refmodtest.Take(t, dir, modelNameFile)
	gotFile, gotReport := runOurs(t, dir, t.TempDir(), args...)
	compare(t, outputName, wantFile, gotFile)
	compare(t, "the API rule report", wantReport, gotReport)
	// And the 60 shipped model name files.
	refmodtest.Compare(t, dir, modelNameFile, modelNames)
}

// TestParityFeatures generates testdata/openapi/good, which uses what the
// Kubernetes modules do not: +k8s:validation: markers and CEL rules,
// unions, enums in lists and maps, defaults from constants and types,
// custom schema methods of every kind, private types, and breaches of each
// API rule. Upstream's openapi-gen, run here, is the oracle.
func TestParityFeatures(t *testing.T) {
	t.Parallel()
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	args := []string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName,
		"--output-pkg", "openapi.example/generated", "./good/..."}
	wantFile, wantReport := runUpstream(t, dir, t.TempDir(), args...)
	for _, s := range []string{"x-kubernetes-validations", "x-kubernetes-unions", "Enum:", "ptr.To", "AllOf:", "OneOf:", "OpenAPIV3Definition()"} {
		if !bytes.Contains(wantFile, []byte(s)) {
			t.Errorf("the output has no %s: testdata/openapi/good no longer covers it", s)
		}
	}
	gotFile, gotReport := runOurs(t, dir, t.TempDir(), args...)
	compare(t, outputName, wantFile, gotFile)
	compare(t, "the API rule report", wantReport, gotReport)
}
