package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/refmod"
)

var (
	upstreamOnce sync.Once
	upstreamBin  string
	upstreamErr  string
)

// upstream returns controller-gen v0.23.0, built once per test process
// from the module proxy.
func upstream(t testing.TB) string {
	t.Helper()
	upstreamOnce.Do(func() {
		dir, err := os.MkdirTemp("", "controller-gen-upstream")
		if err != nil {
			upstreamErr = err.Error()
			return
		}
		cmd := exec.Command("go", "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			upstreamErr = err.Error() + "\n" + string(out)
			return
		}
		upstreamBin = filepath.Join(dir, "controller-gen")
	})
	if upstreamErr != "" {
		t.Fatalf("installing controller-gen v0.23.0: %s", upstreamErr)
	}
	return upstreamBin
}

// readDir returns the files of dir by name.
func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// compareRuns runs upstream and ours with args (in dir, writing to
// output:crd:dir=<tmp>) and requires the same files, byte for byte.
func compareRuns(t *testing.T, dir string, args ...string) int {
	t.Helper()
	upDir, ourDir := t.TempDir(), t.TempDir()
	cmd := exec.Command(upstream(t), append(slices.Clone(args), "output:crd:dir="+upDir)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream controller-gen: %v\n%s", err, out)
	}
	t.Chdir(dir)
	var stderr bytes.Buffer
	if code := run(append(slices.Clone(args), "output:crd:dir="+ourDir), os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want, got := readDir(t, upDir), readDir(t, ourDir)
	same := 0
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: not generated", name)
		case !bytes.Equal(g, w):
			t.Errorf("%s differs from upstream:\n%s", name, refmod.FirstLines(g, w))
		default:
			same++
		}
		delete(got, name)
	}
	for name := range got {
		t.Errorf("%s: generated, but upstream writes no such file", name)
	}
	if len(want) == 0 {
		t.Errorf("upstream generated nothing")
	}
	t.Logf("%d of %d CRDs byte-identical", same, len(want))
	return same
}

// TestFeatures covers the markers the fixture in testdata/crd/features
// uses: subresources, printer columns, names, scope, validation of many
// kinds, CEL rules, defaults, embedded structs, maps, map lists, and two
// versions of one kind.
func TestFeatures(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/features")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmod.CopyDir(t, src)
	compareRuns(t, dir, "crd:crdVersions=v1,allowDangerousTypes=true", "paths=./...")
	t.Run("maxDescLen", func(t *testing.T) {
		compareRuns(t, dir, "crd:maxDescLen=0,generateEmbeddedObjectMeta=true", "paths=./...")
	})
}

// TestClusterAPI generates the CRDs of sigs.k8s.io/cluster-api/api
// v1.14.2 with the invocations of cluster-api's Makefile.
func TestClusterAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api")
	}
	dir := refmod.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")
	for name, paths := range map[string][]string{
		"core":         {"paths=./addons/...", "paths=./core/...", "paths=./ipam/...", "paths=./runtime/..."},
		"bootstrap":    {"paths=./bootstrap/kubeadm/..."},
		"controlplane": {"paths=./controlplane/kubeadm/..."},
	} {
		t.Run(name, func(t *testing.T) {
			compareRuns(t, dir, append(paths, "crd:crdVersions=v1")...)
		})
	}
}

// TestDiagnostics runs on bad input in testdata/crd/bad: each run must
// exit 1, write nothing, and print the diagnostics in golden/<case>.txt.
func TestDiagnostics(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmod.CopyDir(t, src)
	for _, c := range []string{"misspelt", "badrule", "twostorage", "nostorage", "baddefault"} {
		t.Run(c, func(t *testing.T) {
			t.Chdir(filepath.Join(dir, "bad"))
			out := filepath.Join(t.TempDir(), "out")
			var stderr bytes.Buffer
			code := run([]string{"crd", "paths=./" + c + "/...", "output:crd:dir=" + out}, os.Stdout, &stderr)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written", out)
			}
			refmod.Golden(t, filepath.Join(src, "golden", c+".txt"), stderr.String())
		})
	}
}

// compareTrees runs upstream and ours with args, each in its own copy of
// the source tree (made by copy), and requires the trees to end up the
// same, byte for byte. It returns how many files the runs wrote.
func compareTrees(t *testing.T, copy func() string, args ...string) int {
	t.Helper()
	upDir, ourDir := copy(), copy()
	before := tree(t, ourDir)
	cmd := exec.Command(upstream(t), args...)
	cmd.Dir = upDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream controller-gen: %v\n%s", err, out)
	}
	t.Chdir(ourDir)
	var stderr bytes.Buffer
	if code := run(slices.Clone(args), os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want, got := tree(t, upDir), tree(t, ourDir)
	written := 0
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: not generated", name)
		case !bytes.Equal(g, w):
			t.Errorf("%s differs from upstream:\n%s", name, refmod.FirstLines(g, w))
		case !bytes.Equal(before[name], w):
			written++
		}
		delete(got, name)
	}
	for name := range got {
		t.Errorf("%s: generated, but upstream writes no such file", name)
	}
	if written == 0 {
		t.Errorf("upstream generated nothing")
	}
	t.Logf("%d generated files byte-identical", written)
	return written
}

// tree returns the files below dir by slash-separated relative path.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAllGenerators runs crd, rbac, webhook and object together on the
// features fixture, whose controllers package and api/v1/webhooks.go hold
// RBAC and webhook markers in the places kubebuilder projects put them,
// and in places controller-gen ignores or reads unexpectedly.
func TestAllGenerators(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/features")
	if err != nil {
		t.Fatal(err)
	}
	n := compareTrees(t, func() string { return refmod.CopyDir(t, src) },
		"crd", "rbac:roleName=manager-role", "webhook", "object", "paths=./...",
		"output:crd:dir=out/crd", "output:rbac:dir=out/rbac", "output:webhook:dir=out/webhook")
	if n != 6 {
		t.Errorf("%d files generated, want 2 CRDs, role.yaml, manifests.yaml and 2 deepcopy files", n)
	}
	t.Run("header", func(t *testing.T) {
		header := filepath.Join(t.TempDir(), "boilerplate.txt")
		if err := os.WriteFile(header, []byte("// Copyright YEAR Shop Authors.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		compareTrees(t, func() string { return refmod.CopyDir(t, src) },
			"rbac:roleName=shop,fileName=shop-role.yaml,headerFile="+header+",year=2031",
			"webhook:headerFile="+header, "object:headerFile="+header+",year=1999",
			"paths=./...", "output:dir=out")
	})
}

// TestClusterAPIObject generates the deep-copy files of
// sigs.k8s.io/cluster-api/api v1.14.2 as cluster-api's Makefile does
// (object:headerFile=...), in one run over all its API packages.
func TestClusterAPIObject(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api")
	}
	header := filepath.Join(refmod.Download(t, "sigs.k8s.io/cluster-api@v1.14.2"), "hack/scripts/verify/boilerplate/boilerplate.generatego.txt")
	n := compareTrees(t, func() string { return withoutDeepCopy(t, refmod.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")) },
		"object:headerFile="+header, "paths=./addons/...", "paths=./core/...", "paths=./ipam/...",
		"paths=./runtime/...", "paths=./bootstrap/kubeadm/...", "paths=./controlplane/kubeadm/...")
	if n != 14 {
		t.Errorf("%d deepcopy files generated, want 14", n)
	}
}

// withoutDeepCopy removes the deep-copy files below dir, as cluster-api's
// Makefile does before generating them, and returns dir.
func withoutDeepCopy(t *testing.T, dir string) string {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "zz_generated.deepcopy.go" {
			err = os.Remove(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCertManager generates the CRDs of cert-manager v1.21.2's pkg/apis
// with the crd generator as its make/_shared_new/helm/crds.mk runs it
// (crd ... output:crd:artifacts:config=DIR), in a writable copy of the
// module.
func TestCertManager(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cert-manager")
	}
	dir := refmod.CopyDir(t, refmod.Download(t, "github.com/cert-manager/cert-manager@v1.21.2"))
	if n := compareRuns(t, dir, "crd", "paths=./pkg/apis/..."); n != 6 {
		t.Errorf("%d CRDs byte-identical, want 6", n)
	}
}
