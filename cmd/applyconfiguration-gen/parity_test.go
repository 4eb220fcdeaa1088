package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const tool = "applyconfiguration-gen"

// ours runs our applyconfiguration-gen in dir and fails t unless it
// succeeds.
func ours(t testing.TB, dir string, args ...string) {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(append([]string{"-C", dir}, args...), io.Discard, &stderr); code != 0 {
		t.Fatalf("applyconfiguration-gen exited %d:\n%s", code, stderr.String())
	}
}

// clientGo returns a copy of client-go and the arguments client-go's
// apply configurations are made with, less --openapi-schema: every group
// version of k8s.io/api, and meta/v1.
func clientGo(t *testing.T) (dir string, args []string) {
	dir = refmodtest.Copy(t, "k8s.io/client-go@v0.37.2")
	apiDir := paritytest.ModuleDir(t, dir, "k8s.io/api")
	pkgs := paritytest.APIPackages(t, apiDir)
	if len(pkgs) != 60 {
		t.Fatalf("k8s.io/api has %d group versions with a types.go, expected 60", len(pkgs))
	}
	header := refmodtest.Lines(t, filepath.Join(apiDir, "core/v1/zz_generated.deepcopy.go"), 4, 18)
	args = []string{"--go-header-file", header, "--output-dir", "applyconfigurations", "--output-pkg", "k8s.io/client-go/applyconfigurations"}
	return dir, append(append(args, pkgs...), "k8s.io/apimachinery/pkg/apis/meta/v1")
}

// clientGoFiles is how many files of client-go's apply configurations
// applyconfiguration-gen generated.
const clientGoFiles = 954

// TestParityClientGo regenerates client-go's apply configurations from
// k8s.io/api, the schema of internal/internal.go built in process, and
// expects every generated file back byte for byte, no file more, and the
// hand-written ones untouched.
func TestParityClientGo(t *testing.T) {
	t.Parallel()
	dir, args := clientGo(t)
	want := paritytest.TakeN(t, filepath.Join(dir, "applyconfigurations"), tool, clientGoFiles)
	start := time.Now()
	ours(t, dir, args...)
	t.Logf("ours, schema in process: %v", time.Since(start).Round(10*time.Millisecond))
	paritytest.Compare(t, filepath.Join(dir, "applyconfigurations"), want)
}

// packageArgs returns the arguments that are not flags or flag values.
func packageArgs(args []string) []string {
	var pkgs []string
	for i := 0; i < len(args); i++ {
		if strings.HasPrefix(args[i], "--") {
			i++
			continue
		}
		pkgs = append(pkgs, args[i])
	}
	return pkgs
}

// TestParityClientGoSchemaFile writes the OpenAPI definitions of
// k8s.io/api as computed in process to a file, and gives it to upstream's
// applyconfiguration-gen and to ours as --openapi-schema: both must make
// client-go's files, internal/internal.go included. Upstream doing so
// checks the definitions against Kubernetes' own; ours doing so checks
// how --openapi-schema is read.
func TestParityClientGoSchemaFile(t *testing.T) {
	t.Parallel()
	dir, args := clientGo(t)
	schema := filepath.Join(t.TempDir(), "schema.json")
	paritytest.WriteApplySchema(t, dir, packageArgs(args), schema)
	args = append([]string{"--openapi-schema", schema}, args...)
	root := filepath.Join(dir, "applyconfigurations")

	want := paritytest.TakeN(t, root, tool, clientGoFiles)
	upstreamBinary(t, tool)
	start := time.Now()
	runUpstream(t, tool, dir, args...)
	t.Logf("upstream, schema file: %v", time.Since(start).Round(10*time.Millisecond))
	paritytest.Compare(t, root, want)
	if t.Failed() {
		t.Fatal("upstream does not make client-go's files from the definitions computed in process")
	}

	paritytest.TakeN(t, root, tool, clientGoFiles)
	start = time.Now()
	ours(t, dir, args...)
	t.Logf("ours, schema file: %v", time.Since(start).Round(10*time.Millisecond))
	paritytest.Compare(t, root, want)
}

const wardle = "k8s.io/sample-apiserver/pkg/apis/wardle"

// sampleArgs is sample-apiserver's invocation, less --openapi-schema.
func sampleArgs() []string {
	return []string{"--go-header-file", "hack/boilerplate.go.txt", "--output-dir", "pkg/generated/applyconfiguration",
		"--output-pkg", "k8s.io/sample-apiserver/pkg/generated/applyconfiguration", "--external-applyconfigurations", "",
		wardle + "/v1alpha1", wardle + "/v1beta1"}
}

// TestParitySampleAPIServer regenerates sample-apiserver's apply
// configurations as its hack/update-codegen.sh does, with the schema of
// Kubernetes' models-schema program, run in the copy as the script runs it,
// and then with the schema built in process.
func TestParitySampleAPIServer(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	schema := filepath.Join(t.TempDir(), "schema.json")
	goRun(t, dir, schema, "k8s.io/sample-apiserver/pkg/generated/openapi/cmd/models-schema")

	// sample-apiserver ships 7 files applyconfiguration-gen generated.
	root := filepath.Join(dir, "pkg/generated/applyconfiguration")
	t.Run("schema file", func(t *testing.T) {
		want := paritytest.TakeN(t, root, tool, 7)
		ours(t, dir, append([]string{"--openapi-schema", schema}, sampleArgs()...)...)
		paritytest.Compare(t, root, want)
	})
	t.Run("in process", func(t *testing.T) {
		want := paritytest.TakeN(t, root, tool, 7)
		ours(t, dir, sampleArgs()...)
		paritytest.Compare(t, root, want)
	})
}

// goRun runs a main package with go run in dir and writes its output to
// file.
func goRun(t *testing.T, dir, file, pkg string) {
	t.Helper()
	cmd := exec.Command("go", "run", pkg)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run %s: %v\n%s", pkg, err, stderr.String())
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// markerPackages are the packages of testdata/applyconfig/apis.
var markerPackages = []string{"alpha/v1", "alpha/v2", "alpha/hub", "beta/v1", "core/v1", "gamma/v1beta1"}

func markerArgs(pkgs []string) []string {
	args := []string{"--go-header-file", "boilerplate.go.txt", "--output-dir", "out/ac", "--output-pkg", "acapis.example/out/ac",
		"--external-applyconfigurations", "acapis.example/beta/v1.Thing:acapis.example/client/beta/v1"}
	for _, p := range pkgs {
		args = append(args, "acapis.example/"+p)
	}
	return args
}

const markerFiles = 28 // generated for testdata/applyconfig/apis, internal.go and utils.go included

// TestParityMarkers makes the schema of testdata/applyconfig/apis as
// Kubernetes makes its own: upstream's openapi-gen writes the definitions
// of the packages and of apimachinery's, and a models-schema program
// prints them. Upstream's applyconfiguration-gen then generates from that
// file; ours must write the same files from the file and with the schema
// built in process. Without a schema, upstream writes no Extract
// functions, and neither does ours with --schema-from-types=false.
func TestParityMarkers(t *testing.T) {
	t.Parallel()
	dir := refmodtest.CopyDir(t, "../../testdata/applyconfig/apis")
	root := filepath.Join(dir, "out/ac")
	const am = "k8s.io/apimachinery/pkg/"
	openapiArgs := []string{"--go-header-file", "boilerplate.go.txt", "--output-dir", "out/openapi", "--output-pkg", "acapis.example/out/openapi",
		"--output-file", "zz_generated.openapi.go", "--report-filename", "/dev/null", "--output-model-name-file", "zz_generated.model_name.go"}
	apimachinery := []string{am + "apis/meta/v1", am + "runtime", am + "api/resource", am + "util/intstr", am + "version"}
	for _, p := range apimachinery {
		openapiArgs = append(openapiArgs, "--readonly-pkg", p)
	}
	for _, p := range markerPackages {
		if p != "alpha/hub" {
			openapiArgs = append(openapiArgs, "acapis.example/"+p)
		}
	}
	runUpstream(t, "openapi-gen", dir, append(openapiArgs, apimachinery...)...)
	src, err := os.ReadFile("../../testdata/applyconfig/models-schema.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "out/models-schema"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "out/models-schema/main.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	schema := filepath.Join(t.TempDir(), "schema.json")
	goRun(t, dir, schema, "./out/models-schema")

	take := func(t *testing.T) map[string][]byte {
		t.Helper()
		tree, n := paritytest.Take(t, root, tool)
		if n != markerFiles {
			t.Fatalf("%d files generated by applyconfiguration-gen, expected %d", n, markerFiles)
		}
		return tree
	}
	args := markerArgs(markerPackages)
	runUpstream(t, tool, dir, append([]string{"--openapi-schema", schema}, args...)...)
	want := take(t)
	if !bytes.Contains(want[filepath.Join(root, "alpha/v1/scalable.go")], []byte("func ExtractScalableResize(")) {
		t.Fatal("upstream wrote no Extract functions")
	}
	t.Run("schema file", func(t *testing.T) {
		ours(t, dir, append([]string{"--openapi-schema", schema}, args...)...)
		paritytest.Compare(t, root, want)
		take(t)
	})
	t.Run("in process", func(t *testing.T) {
		ours(t, dir, args...)
		paritytest.Compare(t, root, want)
		take(t)
	})
	t.Run("no schema", func(t *testing.T) {
		runUpstream(t, tool, dir, args...)
		want := take(t)
		ours(t, dir, append([]string{"--schema-from-types=false"}, args...)...)
		paritytest.Compare(t, root, want)
		take(t)
	})
}

// TestDeterminism generates with one and with eight threads, naming the
// packages in two orders, and expects the same files.
func TestDeterminism(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/applyconfig/apis")
	root := filepath.Join(dir, "out/ac")
	var runs []map[string][]byte
	for i, procs := range []int{1, 8} {
		pkgs := slices.Clone(markerPackages)
		if i == 1 {
			slices.Reverse(pkgs)
		}
		prev := runtime.GOMAXPROCS(procs)
		ours(t, dir, markerArgs(pkgs)...)
		runtime.GOMAXPROCS(prev)
		tree, n := paritytest.Take(t, root, tool)
		if n != markerFiles {
			t.Fatalf("GOMAXPROCS=%d: generated %d files, want %d", procs, n, markerFiles)
		}
		runs = append(runs, tree)
	}
	for p, b := range runs[0] {
		if !bytes.Equal(b, runs[1][p]) {
			t.Errorf("%s differs between the runs", p)
		}
	}
}

func TestVerifyOnly(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	root := filepath.Join(dir, "pkg/generated/applyconfiguration")
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"-C", dir, "--verify-only"}, sampleArgs()...), &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on pristine sample-apiserver exited %d:\n%s", code, out)
	}

	edited := filepath.Join(root, "wardle/v1alpha1/flunder.go")
	deleted := filepath.Join(root, "internal/internal.go")
	extra := filepath.Join(root, "wardle/v1beta1/fischer.go") // an apply configuration of a type v1beta1 does not have
	b, _ := os.ReadFile(edited)
	b = bytes.Replace(b, []byte("// WithSpec sets the Spec field"), []byte("// WithSpec sets Spec"), 1)
	old, _ := os.ReadFile(filepath.Join(root, "wardle/v1alpha1/fischer.go"))
	for _, err := range []error{os.WriteFile(edited, b, 0o644), os.Remove(deleted), os.WriteFile(extra, old, 0o644)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	before := paritytest.Snapshot(t, root)

	code, out := verify()
	if code != 1 {
		t.Errorf("--verify-only after edits exited %d, want 1", code)
	}
	for _, want := range []string{"stale: " + edited, "missing: " + deleted, "extra: " + extra, "-// WithSpec sets Spec", "+// WithSpec sets the Spec field"} {
		if !strings.Contains(out, want) {
			t.Errorf("--verify-only output lacks %q:\n%s", want, out)
		}
	}
	paritytest.Compare(t, root, before)
}
