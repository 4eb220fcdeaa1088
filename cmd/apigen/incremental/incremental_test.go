// Package incremental checks the run cache's partial runs on k8s.io/api:
// after a change to some packages, a run generates again only them and
// the packages that read them, and leaves the tree byte for byte as a run
// without the cache leaves it.
package incremental

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// args is the whole-module run of cmd/apigen/wholemodule.
var args = []string{"generate",
	"--generators", "deepcopy,prerelease-lifecycle,protobuf,model-name,validation,swaggerdoc",
	"--model-name-output-file", "zz_generated.model_name.go"}

// standIns are the validation stand-ins the whole-module run adds.
const standIns = "../../../testdata/kubeapi/zzstandin"

// twin is k8s.io/api in two copies, changed alike: one regenerated with
// the run cache, one without.
type twin struct {
	bin, cached, plain string
	cacheDir, log      string
	run                []string
}

// TestPartialRuns regenerates k8s.io/api with the cache on, then changes
// it three ways; after each, the cached run must leave every file as a
// run without the cache does, the next cached run must be a replay, and
// the cache must say how many packages the run generated again.
func TestPartialRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates k8s.io/api several times; skipped with -short")
	}
	w := newTwin(t)
	full := w.step(t, "first run", "")
	w.step(t, "second run", "replayed")

	apps := "apps/v1/types.go"
	w.edit(t, apps, "// Deployment enables declarative updates for Pods and ReplicaSets.",
		"// Deployment enables declarative updates for Pods and ReplicaSets, edited.")
	before := refmodtest.Files(t, w.cached)
	// apps/v1 is loaded with core/v1, which it imports, and the stand-in
	// whose validation input core/v1 is: three of the module's packages.
	took := w.step(t, "a doc comment in apps/v1", "partial run: 1 changed packages, 1 affected, 3 loaded")
	t.Logf("apps/v1's doc comment: %v (the first, full run: %v)", took, full)
	changed := changedFiles(before, refmodtest.Files(t, w.cached))
	for _, f := range []string{"apps/v1/types_swagger_doc_generated.go", "apps/v1/generated.proto"} {
		if !slices.Contains(changed, f) {
			t.Errorf("%s did not change; changed: %v", f, changed)
		}
	}
	if i := slices.IndexFunc(changed, func(f string) bool { return !strings.HasPrefix(f, "apps/v1/") }); i >= 0 {
		t.Errorf("%s changed", changed[i])
	}
	w.step(t, "the run after apps/v1's comment", "replayed")

	// A slice makes ObjectReference deep, which changes how the packages
	// holding one copy it: batch/v1's CronJobStatus.Active, for one.
	w.edit(t, "core/v1/types.go", "type ObjectReference struct {",
		"type ObjectReference struct {\n\t// Extra is new.\n\t// +optional\n\tExtra []string `json:\"extra,omitempty\" protobuf:\"bytes,99,rep,name=extra\"`\n")
	log := w.stepChanging(t, "a field in core/v1", "partial run:", "batch/v1/zz_generated.deepcopy.go")
	if n := affected(t, log); n < 2 {
		t.Errorf("a field in core/v1 affected %d packages, want its dependents too:\n%s", n, log)
	}
	t.Logf("a field in core/v1: %s", strings.TrimSpace(log))
	w.step(t, "the run after core/v1's field", "replayed")

	w.write(t, "apps/v1/extra.go", "package v1\n\n// Extra is new.\ntype Extra struct {\n\t// Names are new.\n\tNames []string `json:\"names\" protobuf:\"bytes,1,rep,name=names\"`\n}\n")
	log = w.stepLog(t, "a new file in apps/v1", "")
	t.Logf("a new file in apps/v1: %s", strings.TrimSpace(log))
	w.step(t, "the run after the new file", "replayed")

	w.measure(t, apps)
}

func newTwin(t *testing.T) *twin {
	api := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	if err := os.CopyFS(filepath.Join(api, "zzstandin"), os.DirFS(standIns)); err != nil {
		t.Fatal(err)
	}
	header := filepath.Join(refmodtest.Download(t, "k8s.io/kubernetes@v1.37.2"), "hack/boilerplate/boilerplate.generatego.txt")
	return twinOf(t, api, slices.Concat(args, []string{"--go-header-file", header, "./..."}))
}

// twinOf makes a twin of the tree dir, which it takes for the cached copy.
func twinOf(t *testing.T, dir string, run []string) *twin {
	bin := filepath.Join(t.TempDir(), "apigen")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("building apigen: %v\n%s", err, out)
	}
	cacheDir := t.TempDir()
	return &twin{
		bin: bin, cached: dir, plain: refmodtest.CopyDir(t, dir),
		cacheDir: cacheDir, log: filepath.Join(cacheDir, "debug.log"), run: run,
	}
}

// TestPartialRunsExample changes the example module's internal package,
// which its versions read, then one version, then adds a package; every
// run must leave the tree as a run without the cache does.
func TestPartialRunsExample(t *testing.T) {
	src, _ := filepath.Abs("../../../testdata/example")
	dir := refmodtest.CopyDir(t, src)
	w := twinOf(t, dir, []string{"generate", "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
		"--generators", "deepcopy,defaulter,validation,swaggerdoc", "./apis/..."})
	w.step(t, "first run", "")
	w.step(t, "second run", "replayed")
	w.edit(t, "apis/frobbers/types.go", "type FrobberSpec struct {", "type FrobberSpec struct {\n\t// Tags are new.\n\tTags []string\n")
	if n := affected(t, w.stepLog(t, "a field in the internal package", "partial run: 1 changed packages")); n < 2 {
		t.Errorf("a field in the internal package affected %d packages, want the versions that convert to it too", n)
	}
	w.step(t, "the run after the internal field", "replayed")
	w.edit(t, "apis/frobbers/v7beta1/types.go", "type FrobberSpec struct {", "// FrobberSpec, edited.\ntype FrobberSpec struct {")
	w.step(t, "a doc comment in v7beta1", "partial run: 1 changed packages, 1 affected")
	w.step(t, "the run after v7beta1's comment", "replayed")
	w.addPackage(t, "apis/frobbers/v8", map[string]string{
		"types.go": "// +k8s:deepcopy-gen=package\n\npackage v8\n\n// Frobber is new.\ntype Frobber struct {\n\tNames []string\n}\n",
	})
	w.step(t, "a new package", "no partial run")
	w.step(t, "the run after the new package", "replayed")

	// A package whose hand-written defaulting function takes v6's type:
	// v6's object defaulters call it, so a change to it regenerates v6,
	// which did not import it. (v6 then imports it, and the two import each
	// other, as upstream's output would: only the bytes matter here.)
	w.addPackage(t, "apis/frobbers/v5ports", map[string]string{
		"doc.go": "// +k8s:defaulter-gen=true\n\npackage v5ports\n",
		"defaults.go": "package v5ports\n\nimport v6 \"example.com/frobbers/apis/frobbers/v6\"\n\n" +
			"func SetDefaults_FrobberSelector(obj *v6.FrobberSelector) {}\n",
	})
	w.step(t, "a package of defaulting functions", "no partial run")
	w.step(t, "the run after the defaulting package", "replayed")
	w.edit(t, "apis/frobbers/v5ports/defaults.go", "func SetDefaults_FrobberSelector(", "func SetDefaults_FrobberPort(obj *v6.FrobberPort) {}\n\nfunc SetDefaults_FrobberSelector(")
	log := w.stepChanging(t, "a defaulting function for v6's port", "partial run: 1 changed packages",
		"apis/frobbers/v6/zz_generated.defaults.go")
	if n := affected(t, log); n < 2 {
		t.Errorf("a defaulting function for v6's type affected %d packages, want v6 too", n)
	}
	w.step(t, "the run after the defaulting function", "replayed")

	// The same for a type of the module cache: v6 and v7beta1 reach
	// ObjectMeta, and only that type joins them to v5meta.
	w.addPackage(t, "apis/frobbers/v5meta", map[string]string{
		"doc.go": "// +k8s:defaulter-gen=true\n\npackage v5meta\n",
		"defaults.go": "package v5meta\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
			"func SetDefaults_ObjectMeta(obj *metav1.ObjectMeta) {}\n",
	})
	w.step(t, "a package defaulting ObjectMeta", "no partial run")
	w.step(t, "the run after the ObjectMeta package", "replayed")
	w.edit(t, "apis/frobbers/v5meta/defaults.go", "func SetDefaults_ObjectMeta(", "func SetDefaults_ObjectMeta_Labels(obj *metav1.ObjectMeta) {}\n\nfunc SetDefaults_ObjectMeta(")
	w.stepChanging(t, "a second defaulting function for ObjectMeta", "partial run: 1 changed packages",
		"apis/frobbers/v6/zz_generated.defaults.go", "apis/frobbers/v7beta1/zz_generated.defaults.go")
}

// TestPartialRunsConversion runs the example's helpers, conversion
// among them, with one more version, v4, that does not import the
// internal package: its conversions are to that package all the same. A
// field of the internal package, and a type v4 has too, regenerate every
// version; an edit to v6's hand-written conversion regenerates v6.
func TestPartialRunsConversion(t *testing.T) {
	src, _ := filepath.Abs("../../../testdata/example")
	dir := refmodtest.CopyDir(t, src)
	w := twinOf(t, dir, []string{"generate", "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
		"--generators", "deepcopy,defaulter,conversion,validation", "./apis/..."})
	w.addPackage(t, "apis/frobbers/v4", map[string]string{
		"doc.go":   "// +k8s:conversion-gen=example.com/frobbers/apis/frobbers\n\npackage v4\n",
		"types.go": "package v4\n\n// Extra has a peer in the internal package only later.\ntype Extra struct {\n\tNames []string\n}\n",
	})
	w.step(t, "first run", "")
	w.step(t, "second run", "replayed")
	w.edit(t, "apis/frobbers/types.go", "type FrobberSpec struct {",
		"// Extra is new.\ntype Extra struct {\n\tNames []string\n}\n\ntype FrobberSpec struct {\n\t// Tags are new.\n\tTags []string\n")
	log := w.stepChanging(t, "a field and a type in the internal package", "partial run: 1 changed packages",
		"apis/frobbers/v4/zz_generated.conversion.go", "apis/frobbers/v6/zz_generated.conversion.go",
		"apis/frobbers/v7beta1/zz_generated.conversion.go")
	if n := affected(t, log); n != 5 {
		t.Errorf("a change to the internal package affected %d packages, want it, its three versions and v5, which converts to v6", n)
	}
	w.step(t, "the run after the internal change", "replayed")
	// v6 converts the new field by hand from now on.
	w.edit(t, "apis/frobbers/v6/conversion.go", "func Convert_v6_FrobberSpec_To_frobbers_FrobberSpec(",
		"func Convert_v6_Tags_To_frobbers_Tags(in *Tags, out *frobbers.Tags, s conversion.Scope) error {\n\t*out = frobbers.Tags(*in)\n\treturn nil\n}\n\n"+
			"func Convert_v6_FrobberSpec_To_frobbers_FrobberSpec(")
	w.stepChanging(t, "a hand-written conversion in v6", "partial run: 1 changed packages",
		"apis/frobbers/v6/zz_generated.conversion.go")
	w.step(t, "the run after the hand-written conversion", "replayed")
}

// addPackage makes the directory dir, with files by name, in both copies.
func (w *twin) addPackage(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for _, root := range []string{w.cached, w.plain} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		w.write(t, filepath.Join(dir, name), text)
	}
}

// step runs apigen on both copies, requires them alike, and requires the
// cache to have said want (unless ""). It returns the cached run's time.
func (w *twin) step(t *testing.T, what, want string) time.Duration {
	t.Helper()
	os.Remove(w.log)
	took := w.apigen(t, w.cached, w.cacheDir)
	w.apigen(t, w.plain, "off")
	log, _ := os.ReadFile(w.log)
	if want != "" && !strings.Contains(string(log), want) {
		t.Errorf("%s: the cache did not say %q:\n%s", what, want, log)
	}
	sameTrees(t, refmodtest.Files(t, w.cached), refmodtest.Files(t, w.plain), what)
	return took
}

// stepLog is step, returning what the cache said.
func (w *twin) stepLog(t *testing.T, what, want string) string {
	t.Helper()
	w.step(t, what, want)
	log, _ := os.ReadFile(w.log)
	return string(log)
}

// stepChanging is stepLog, requiring the cached run to change every one
// of files.
func (w *twin) stepChanging(t *testing.T, what, want string, files ...string) string {
	t.Helper()
	before := refmodtest.Files(t, w.cached)
	log := w.stepLog(t, what, want)
	changed := changedFiles(before, refmodtest.Files(t, w.cached))
	for _, f := range files {
		if !slices.Contains(changed, f) {
			t.Errorf("%s: %s did not change; changed: %v", what, f, changed)
		}
	}
	return log
}

var affectedRE = regexp.MustCompile(`partial run: \d+ changed packages, (\d+) affected`)

func affected(t *testing.T, log string) int {
	t.Helper()
	m := affectedRE.FindStringSubmatch(log)
	if m == nil {
		t.Fatalf("no partial run:\n%s", log)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// measure logs the median of five cached runs after a doc comment of file
// changed, of five full runs with only the type cache (the run cache
// emptied first), and of five runs without any cache, and requires the
// partial runs faster than either.
func (w *twin) measure(t *testing.T, file string) {
	orig, err := os.ReadFile(filepath.Join(w.cached, file))
	if err != nil {
		t.Fatal(err)
	}
	const line = "// Deployment enables declarative updates for Pods and ReplicaSets"
	var partial, typed, whole []time.Duration
	typeCache := t.TempDir()
	for i := range 5 {
		text := bytes.Replace(orig, []byte(line), fmt.Appendf(nil, "%s (measure %d)", line, i), 1)
		if err := os.WriteFile(filepath.Join(w.cached, file), text, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(w.log)
		partial = append(partial, w.apigen(t, w.cached, w.cacheDir))
		if log, _ := os.ReadFile(w.log); !bytes.Contains(log, []byte("partial run: 1 changed packages, 1 affected")) {
			t.Errorf("measured run %d was not partial:\n%s", i, log)
		}
		os.RemoveAll(filepath.Join(typeCache, "runs"))
		typed = append(typed, w.apigen(t, w.plain, typeCache))
		whole = append(whole, w.apigen(t, w.plain, "off"))
	}
	p, ft, f := median(partial), median(typed), median(whole)
	t.Logf("one package changed: median %v of %v; full run with the type cache only: median %v of %v; without any cache: median %v of %v", p, partial, ft, typed, f, whole)
	if p >= f || p >= ft {
		t.Errorf("a partial run (median %v) is not faster than a full one (median %v with the type cache, %v without)", p, ft, f)
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// apigen runs the whole-module run in dir with APIGEN_CACHE=cache.
func (w *twin) apigen(t *testing.T, dir, cache string) time.Duration {
	t.Helper()
	cmd := exec.Command(w.bin, w.run...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "APIGEN_CACHE="+cache, "APIGEN_CACHE_DEBUG="+w.log)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err != nil {
		t.Fatalf("apigen in %s (APIGEN_CACHE=%s): %v\n%s", dir, cache, err, out)
	}
	return took
}

func (w *twin) edit(t *testing.T, file, old, new string) {
	t.Helper()
	for _, root := range []string{w.cached, w.plain} {
		p := filepath.Join(root, file)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", p, old)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func (w *twin) write(t *testing.T, file, text string) {
	t.Helper()
	for _, root := range []string{w.cached, w.plain} {
		if err := os.WriteFile(filepath.Join(root, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sameTrees(t *testing.T, got, want map[string]string, what string) {
	t.Helper()
	for _, p := range changedFiles(got, want) {
		g, inGot := got[p]
		w, inWant := want[p]
		switch {
		case !inGot:
			t.Errorf("%s: %s is missing", what, p)
		case !inWant:
			t.Errorf("%s: %s should not exist", what, p)
		default:
			t.Errorf("%s: %s differs from a run without the cache:\n%s", what, p, refmodtest.FirstLines([]byte(g), []byte(w)))
		}
	}
}

// changedFiles lists, sorted, the files that differ between two trees.
func changedFiles(a, b map[string]string) []string {
	var out []string
	for p, v := range a {
		if w, ok := b[p]; !ok || w != v {
			out = append(out, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
