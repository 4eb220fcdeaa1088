package main

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// helperFiles are the files deepcopy-, conversion- and defaulter-gen write.
var helperFiles = []string{"zz_generated.deepcopy.go", "zz_generated.conversion.go", "zz_generated.defaults.go"}

// TestHelpersOnKubernetesModules runs apigen's deepcopy, conversion and
// defaulter generators, in one run per module, over every package of
// Kubernetes modules that ships their files, with --verify-only: every
// file must be as shipped, none missing and none extra. Conversions get
// the peer packages Kubernetes' own invocation gives.
func TestHelpersOnKubernetesModules(t *testing.T) {
	if testing.Short() {
		t.Skip("loads eleven modules; skipped with -short")
	}
	modules := []struct {
		module string
		peers  string // --conversion-extra-peer-dirs
		files  int    // how many helper files it ships
	}{
		{module: "k8s.io/apiserver", files: 45},
		{module: "k8s.io/apimachinery", files: 19},
		{module: "k8s.io/client-go", files: 17},
		{module: "k8s.io/cloud-provider", files: 11},
		{module: "k8s.io/component-base", files: 6},
		{module: "k8s.io/controller-manager", files: 6, peers: "k8s.io/component-base/config,k8s.io/component-base/config/v1alpha1"},
		{module: "k8s.io/kube-controller-manager", files: 1},
		{module: "k8s.io/kube-proxy", files: 1},
		{module: "k8s.io/kube-scheduler", files: 2},
		{module: "k8s.io/kubelet", files: 14},
		{module: "k8s.io/pod-security-admission", files: 10},
	}
	for _, m := range modules {
		t.Run(m.module, func(t *testing.T) {
			dir := refmodtest.Copy(t, m.module+"@v0.37.2")
			pkgs, files := helperPackages(t, dir)
			if files != m.files {
				t.Fatalf("found %d helper files in %d packages, expected %d", files, len(pkgs), m.files)
			}
			header := refmodtest.Lines(t, filepath.Join(dir, pkgs[0], firstHelper(t, filepath.Join(dir, pkgs[0]))), 4, 18)
			args := []string{"generate", "-C", dir, "--verify-only", "--go-header-file", header,
				"--generators", "deepcopy,conversion,defaulter", "--conversion-extra-peer-dirs", m.peers}
			var stdout, stderr bytes.Buffer
			if code := run(append(args, pkgs...), &stdout, &stderr); code != 0 {
				t.Fatalf("apigen --verify-only exited %d over %d packages (%d files):\n%s%s", code, len(pkgs), files, refmodtest.FirstLines(stdout.Bytes(), nil), stderr.String())
			}
			t.Logf("%d files in %d packages as shipped", files, len(pkgs))
		})
	}
}

// helperPackages returns the directories, as ./relative patterns, that
// hold helper files, and how many files there are. Test data and examples
// are left out: no script of the module generates them.
func helperPackages(t *testing.T, dir string) (pkgs []string, files int) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "examples") {
			return filepath.SkipDir
		}
		if !d.IsDir() && slices.Contains(helperFiles, d.Name()) {
			rel, _ := filepath.Rel(dir, filepath.Dir(p))
			files++
			if pkg := "./" + filepath.ToSlash(rel); !slices.Contains(pkgs, pkg) {
				pkgs = append(pkgs, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatal("no helper files")
	}
	return pkgs, files
}

// firstHelper names a helper file in dir.
func firstHelper(t *testing.T, dir string) string {
	for _, name := range helperFiles {
		if matches, _ := filepath.Glob(filepath.Join(dir, name)); len(matches) > 0 {
			return name
		}
	}
	t.Fatalf("no helper file in %s", dir)
	return ""
}
