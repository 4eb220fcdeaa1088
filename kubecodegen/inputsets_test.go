package kubecodegen_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// inputSetsPkg is the import path the fixture's script generates under.
const inputSetsPkg = "inputsets.example/pkg/generated"

// TestInputSets checks that a run over many packages gives each generator
// only the packages upstream's scripts give its tool. testdata/inputsets
// holds packages that ask different tools for code: a deepcopy-only
// package with a hand-written SetDefaults_ function, a +default type and an
// enum, used by a package that also asks for defaulters, OpenAPI, a client
// and registration; an internal package asking for a client; and one
// asking for registration without a group name.
//
// Its hack/update-codegen.sh, run with upstream's kube_codegen.sh, runs
// each tool of k8s.io/code-generator v0.37.2 on the packages that grep
// finds its tag in. The same bytes must come from apigen, both ways:
//   - "one run": one apigen run over every package for everything but
//     openapi-gen, and one for deepcopy, defaulter and openapi-gen over
//     every package and the apimachinery packages gen_openapi names;
//   - "script": the same script with apigen's kube_codegen.sh, whose
//     gen_helpers runs deepcopy and defaulter over the union of their
//     packages, and whose later calls a session serves from that load.
func TestInputSets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs upstream's tools; skipped with -short")
	}
	root, _ := filepath.Abs("..")
	fixture := filepath.Join(root, "testdata/inputsets")
	dir := refmodtest.CopyDir(t, fixture)
	codegen := refmodtest.Download(t, "k8s.io/code-generator@v0.37.2")
	if out, err := runScript(t, dir, codegen, []string{"GOBIN=" + sharedDir(t, "upstream-bin"), "GOFLAGS=", "GOWORK=off"}); err != nil {
		t.Fatalf("update-codegen.sh with upstream's kube_codegen.sh: %v\n%s", err, out)
	}
	want := relativeTree(t, dir)
	if n := len(want) - len(relativeTree(t, fixture)); n < 30 {
		t.Fatalf("upstream's script generated only %d files", n)
	}

	t.Run("one run", func(t *testing.T) {
		dir := refmodtest.CopyDir(t, fixture)
		apigen(t, dir, inputSetsHelpersAndClients(dir)...)
		apigen(t, dir, inputSetsOpenAPI(dir)...)
		paritytest.Compare(t, dir, under(dir, want))
	})
	t.Run("script", func(t *testing.T) {
		dir := refmodtest.CopyDir(t, fixture)
		if out, err := runScript(t, dir, root, nil); err != nil {
			t.Fatalf("update-codegen.sh with apigen's kube_codegen.sh: %v\n%s", err, out)
		}
		paritytest.Compare(t, dir, under(dir, want))
	})
}

// inputSetsHelpersAndClients are the arguments of one apigen run over every
// package of the fixture, with the flags kube_codegen.sh's gen_client gives
// the client tools.
func inputSetsHelpersAndClients(dir string) []string {
	out := filepath.Join(dir, "pkg/generated")
	return []string{"--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
		"--generators", "deepcopy,defaulter,conversion,register,prerelease-lifecycle,applyconfiguration,client,lister,informer",
		"--applyconfiguration-output-dir", filepath.Join(out, "applyconfiguration"),
		"--applyconfiguration-output-pkg", inputSetsPkg + "/applyconfiguration",
		"--applyconfiguration-external-applyconfigurations", "", "--applyconfiguration-schema-from-types=false",
		"--client-output-dir", filepath.Join(out, "clientset"), "--client-output-pkg", inputSetsPkg + "/clientset",
		"--client-clientset-name", "versioned", "--client-apply-configuration-package", inputSetsPkg + "/applyconfiguration",
		"--client-input-base", filepath.Join(dir, "apis"), "--client-input", "things/v1",
		"--lister-output-dir", filepath.Join(out, "listers"), "--lister-output-pkg", inputSetsPkg + "/listers",
		"--informer-output-dir", filepath.Join(out, "informers"), "--informer-output-pkg", inputSetsPkg + "/informers",
		"--informer-versioned-clientset-package", inputSetsPkg + "/clientset/versioned",
		"--informer-listers-package", inputSetsPkg + "/listers",
		"./apis/..."}
}

// inputSetsOpenAPI are the arguments of one apigen run of deepcopy,
// defaulter and openapi over every package of the fixture and the
// apimachinery packages that gen_openapi names.
func inputSetsOpenAPI(dir string) []string {
	return []string{"--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
		"--generators", "deepcopy,defaulter,openapi",
		"--openapi-output-dir", filepath.Join(dir, "pkg/generated/openapi"), "--openapi-output-pkg", inputSetsPkg + "/openapi",
		"--openapi-report-filename", filepath.Join(dir, "hack/api_violations.list"),
		"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource", "./apis/..."}
}

// apigen runs apigen generate in dir with args and fails t if it fails.
func apigen(t *testing.T, dir string, args ...string) {
	t.Helper()
	bin, err := apigenBinary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"generate", "-C", dir}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("apigen generate %v: %v\n%s", args, err, out)
	}
}

// apigenBinary builds this repository's apigen once for the package's
// tests and returns its path.
var apigenBinary = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(shared, "bin", "apigen")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/apigen").CombinedOutput(); err != nil {
		return "", fmt.Errorf("building apigen: %v\n%s", err, out)
	}
	return bin, nil
})

// relativeTree returns the files below dir keyed by their path in dir.
func relativeTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for p, b := range paritytest.Snapshot(t, dir) {
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.ToSlash(rel)] = b
	}
	return out
}

// under keys the files of tree, keyed by their paths in a directory, by
// their paths in dir.
func under(dir string, tree map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for rel, b := range tree {
		out[filepath.Join(dir, filepath.FromSlash(rel))] = b
	}
	return out
}
