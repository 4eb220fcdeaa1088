// Package wholemodule regenerates every generated file of k8s.io/api in
// one apigen run, as docs/guide-kubernetes-apis.md documents it.
package wholemodule

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// Kinds is how many files of each name k8s.io/api v0.37.2 ships.
var kinds = map[string]int{
	"zz_generated.deepcopy.go":             60,
	"zz_generated.model_name.go":           60,
	"zz_generated.prerelease-lifecycle.go": 55,
	"generated.proto":                      60,
	"generated.pb.go":                      60,
	"types_swagger_doc_generated.go":       58,
	"zz_generated.validations.go":          2,
}

// Generators and flags of the one run; the header is kubernetes'
// hack/boilerplate/boilerplate.generatego.txt, as its scripts pass it.
var args = []string{"generate", "--generators", apiGenerators, "--model-name-output-file", "zz_generated.model_name.go"}

const apiGenerators = "deepcopy,prerelease-lifecycle,protobuf,model-name,validation,swaggerdoc"

// standIns are the packages of kubernetes' validation run that reach
// resource/v1's types (see its README).
const standIns = "../../../testdata/kubeapi/zzstandin"

func generated(name string) bool { return kinds[name] > 0 }

// TestKubernetesAPI deletes the 355 generated files of a writable copy of
// k8s.io/api v0.37.2, regenerates them in one apigen run and requires
// every one byte-identical, none missing, none extra. The module's own
// tests (protobuf round trips and compatibility fixtures included) must
// pass on the result. Then --verify-only must pass on the tree, faster
// than the run, writing nothing, and fail naming the file once one byte
// of a generated.pb.go changes.
func TestKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates all of k8s.io/api; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "apigen")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("building apigen: %v\n%s", err, out)
	}
	api := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := filepath.Join(refmodtest.Download(t, "k8s.io/kubernetes@v1.37.2"), "hack/boilerplate/boilerplate.generatego.txt")
	shipped := refmodtest.TakeMatching(t, api, generated)
	counts := map[string]int{}
	for p := range shipped {
		counts[filepath.Base(p)]++
	}
	if !maps.Equal(counts, kinds) {
		t.Fatalf("shipped files by name: %v, want %v", counts, kinds)
	}
	addStandIns(t, api)
	run := slices.Concat(args, []string{"--go-header-file", header, "./..."})
	// The run's cache starts empty, so this run generates everything.
	cacheDir := t.TempDir()
	took := apigen(t, bin, api, cacheDir, run...)
	t.Logf("one run: %v", took)
	// Set aside, with what the run generated for them, while comparing.
	aside := filepath.Join(t.TempDir(), "zzstandin")
	if err := os.Rename(filepath.Join(api, "zzstandin"), aside); err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(kinds)) {
		refmodtest.Compare(t, api, name, only(shipped, name))
	}
	if t.Failed() {
		return
	}
	t.Run("go test", func(t *testing.T) { refmodtest.GoTest(t, api) })
	if err := os.Rename(aside, filepath.Join(api, "zzstandin")); err != nil {
		t.Fatal(err)
	}
	t.Run("verify", func(t *testing.T) { testVerify(t, bin, api, header, cacheDir, took) })
}

// testVerify checks --verify-only on the regenerated tree, as a developer
// runs it after generating (the run's cache on) and as a fresh CI job does
// (cache off; its time is logged, not compared, being the same work but
// writing).
func testVerify(t *testing.T, bin, api, header, cacheDir string, generating time.Duration) {
	verify := slices.Concat(args, []string{"--verify-only", "--go-header-file", header, "./..."})
	before := hashes(t, api)
	took := apigen(t, bin, api, cacheDir, verify...)
	uncached := apigen(t, bin, api, "off", verify...)
	t.Logf("--verify-only: %v, with no cache %v (the generating run: %v)", took, uncached, generating)
	if took >= generating {
		t.Errorf("--verify-only took %v, not less than the generating run's %v", took, generating)
	}
	if after := hashes(t, api); !maps.Equal(before, after) {
		t.Error("--verify-only changed the tree")
	}
	pb := filepath.Join(api, "apps/v1/generated.pb.go")
	b, err := os.ReadFile(pb)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(b, []byte("func (m *Deployment) Marshal()"))
	b[i+len("func (m *")] = 'd' // one byte
	write(t, pb, string(b))
	for _, cache := range []string{cacheDir, "off"} {
		cmd := exec.Command(bin, verify...)
		cmd.Dir = api
		cmd.Env = append(os.Environ(), "APIGEN_CACHE="+cache)
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Fatalf("--verify-only (APIGEN_CACHE=%s) on a changed generated.pb.go: exit %d (%v), want 1:\n%s", cache, code, err, out)
		}
		if !strings.Contains(string(out), "apps/v1/generated.pb.go") {
			t.Errorf("--verify-only (APIGEN_CACHE=%s) does not name apps/v1/generated.pb.go:\n%s", cache, out)
		}
	}
}

// apigen runs bin in dir with APIGEN_CACHE=cache and returns how long it
// took.
func apigen(t *testing.T, bin, dir, cache string, args ...string) time.Duration {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "APIGEN_CACHE="+cache)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err != nil {
		t.Fatalf("apigen %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return took
}

func addStandIns(t *testing.T, api string) {
	t.Helper()
	if err := os.CopyFS(filepath.Join(api, "zzstandin"), os.DirFS(standIns)); err != nil {
		t.Fatal(err)
	}
}

func only(files map[string][]byte, name string) map[string][]byte {
	out := map[string][]byte{}
	for p, b := range files {
		if filepath.Base(p) == name {
			out[p] = b
		}
	}
	return out
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// hashes maps every file below root to its hash and modification time.
func hashes(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x %s", sha256.Sum256(b), info.ModTime())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKubernetesAPIAndClientGo is the same run writing client-go's four
// trees too: a workspace of copies of k8s.io/api and k8s.io/client-go,
// every generated file of both taken out (355 and 1981), one apigen
// process, every file as shipped. meta/v1 is an input for its apply
// configurations only; its model names belong to apimachinery.
func TestKubernetesAPIAndClientGo(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates all of k8s.io/api and client-go's trees; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "apigen")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("building apigen: %v\n%s", err, out)
	}
	ws := t.TempDir()
	api, clientGo := filepath.Join(ws, "api"), filepath.Join(ws, "client-go")
	for dir, module := range map[string]string{api: "k8s.io/api@v0.37.2", clientGo: "k8s.io/client-go@v0.37.2"} {
		if err := os.Rename(refmodtest.Copy(t, module), dir); err != nil {
			t.Fatal(err)
		}
	}
	work := exec.Command("go", "work", "init", "./api", "./client-go")
	work.Dir = ws
	if out, err := work.CombinedOutput(); err != nil {
		t.Fatalf("go work init: %v\n%s", err, out)
	}
	shipped := refmodtest.TakeMatching(t, api, generated)
	c := &paritytest.ClientGo{Dir: clientGo, Trees: slices.Clone(paritytest.ClientGoTrees)}
	c.Take(t)
	addStandIns(t, api)
	header := filepath.Join(refmodtest.Download(t, "k8s.io/kubernetes@v1.37.2"), "hack/boilerplate/boilerplate.generatego.txt")
	scheme := filepath.Join(refmodtest.Download(t, "k8s.io/client-go@v0.37.2"), "kubernetes/scheme/register.go")
	run := slices.Concat([]string{"generate", "--generators", apiGenerators + ",applyconfiguration,client,lister,informer",
		"--model-name-output-file", "zz_generated.model_name.go"}, clientGoArgs(paritytest.SchemeOrder(t, scheme, "k8s.io/api")),
		[]string{"--go-header-file", header, "./api/...", "k8s.io/apimachinery/pkg/apis/meta/v1"})
	t.Logf("one run: %v", apigen(t, bin, ws, "off", run...))
	if err := os.RemoveAll(filepath.Join(api, "zzstandin")); err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(kinds)) {
		refmodtest.Compare(t, api, name, only(shipped, name))
	}
	c.Compare(t, "apigen")
}

// clientGoArgs are the flags that add client-go's trees to the run, as
// Kubernetes' update-codegen.sh passes them to each tool.
func clientGoArgs(inputs []string) []string {
	const out, plurals = "k8s.io/client-go", "Endpoints:Endpoints"
	a := []string{
		"--model-name-readonly-pkg", "k8s.io/apimachinery/pkg/apis/meta/v1",
		"--applyconfiguration-output-dir", "client-go/applyconfigurations", "--applyconfiguration-output-pkg", out + "/applyconfigurations",
		"--client-output-dir", "client-go", "--client-output-pkg", out, "--client-clientset-name", "kubernetes",
		"--client-input-base", "k8s.io/api", "--client-plural-exceptions", plurals,
		"--client-apply-configuration-package", out + "/applyconfigurations", "--client-prefers-protobuf",
		"--lister-output-dir", "client-go/listers", "--lister-output-pkg", out + "/listers", "--lister-plural-exceptions", plurals,
		"--informer-output-dir", "client-go/informers", "--informer-output-pkg", out + "/informers", "--informer-single-directory",
		"--informer-versioned-clientset-package", out + "/kubernetes", "--informer-listers-package", out + "/listers",
		"--informer-plural-exceptions", plurals,
	}
	for _, in := range inputs {
		a = append(a, "--client-input", in)
	}
	return a
}
