package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestSchemaPatch runs upstream and ours with schemapatch command lines on
// testdata/crd/schemapatch, each in its own copy, and requires the same
// trees. Its config/crd-base holds: Ship, with three versions in a
// manifest of comments, an anchor, flow style, keys in odd order and a
// spec.validation (v1's schema is replaced, v2's added, v3's dropped, as
// no package declares v3); Dock, whose schema is an empty flow mapping;
// Harbor, a kind no package declares; a CRD of another group followed by
// a second document; and files that are no CRD manifest. crd and
// schemapatch together show that schemapatch reads what crd, earlier on
// the command line, wrote.
func TestSchemaPatch(t *testing.T) {
	_, copy := schemapatchFixture(t)
	for _, c := range []struct {
		name string
		args []string
		want int // files written
	}{
		{"dir", []string{"schemapatch:manifests=config/crd-base", "paths=./...", "output:schemapatch:dir=config/crd"}, 4},
		{"in place", []string{"schemapatch:manifests=config/crd-base,generateEmbeddedObjectMeta=true", "paths=./...", "output:dir=config/crd-base"}, 4},
		{"maxDescLen=0", []string{"schemapatch:maxDescLen=0,manifests=config/crd-base", "paths=./api/...", "output:schemapatch:artifacts:config=out"}, 4},
		{"maxDescLen=40", []string{"schemapatch:manifests=config/crd-base,maxDescLen=40", "paths=./...", "output:dir=out"}, 4},
		// Only v2 loaded: Ship's v1 schema is dropped too, Dock is not patched.
		{"default rule", []string{"schemapatch:manifests=config/crd-base", "paths=./api/v2"}, 4},
		// controller-gen runs its generators in order: schemapatch reads
		// what crd wrote before it, and crd overwrites what it wrote after.
		{"after crd", []string{"crd", "schemapatch:manifests=config/crd-base", "paths=./...", "output:dir=config/crd-base"}, 4},
		{"before crd", []string{"schemapatch:manifests=config/crd-base", "crd", "paths=./...", "output:dir=config/crd-base"}, 4},
		{"crd's new directory", []string{"crd", "schemapatch:manifests=config/new", "paths=./...", "output:crd:dir=config/new", "output:schemapatch:dir=out"}, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			if n := compareTrees(t, copy, c.args...); n != c.want {
				t.Errorf("%d files written, want %d", n, c.want)
			}
		})
	}
	t.Run("mcs-api form", func(t *testing.T) {
		n := compareTreesAt(t, copy, func(root string) []string { return mcsAPIArgs(root, "ships-manager") })
		if n != 6 {
			t.Errorf("%d files written, want 4 CRDs, role.yaml and manifests.yaml", n)
		}
	})
}

// schemapatchFixture returns where testdata/crd/schemapatch is, and a
// function that copies it.
func schemapatchFixture(t *testing.T) (string, func() string) {
	src, err := filepath.Abs("../../testdata/crd/schemapatch")
	if err != nil {
		t.Fatal(err)
	}
	return src, func() string { return refmodtest.CopyDir(t, src) }
}

// mcsAPIArgs is the command line of sigs.k8s.io/mcs-api v0.5.2's
// "manifests" target, with $(ROOT) = root: schemapatch beside crd (its
// output dropped), rbac and webhook.
func mcsAPIArgs(root, role string) []string {
	return []string{"crd:crdVersions=v1", "rbac:roleName=" + role, "output:rbac:dir=" + root + "/config/rbac",
		"webhook", "schemapatch:manifests=" + root + "/config/crd-base", "paths=" + root + "/...",
		"output:crd:none", "output:schemapatch:dir=" + root + "/config/crd"}
}

// TestMCSAPI runs mcs-api v0.5.2's "manifests" target through upstream and
// ours, in copies of the module without the CRDs it writes. (Its RBAC
// markers are in its controllers module, which the module proxy serves
// apart: rbac writes nothing here.)
func TestMCSAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads mcs-api")
	}
	copy := func() string {
		dir := refmodtest.Copy(t, "sigs.k8s.io/mcs-api@v0.5.2")
		for _, f := range []string{"config/crd/multicluster.x-k8s.io_serviceexports.yaml",
			"config/crd/multicluster.x-k8s.io_serviceimports.yaml"} {
			if err := os.Remove(filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	n := compareTreesAt(t, copy, func(root string) []string { return mcsAPIArgs(root, "mcs-derived-service-manager") })
	if n != 2 {
		t.Errorf("%d files written, want 2 CRDs", n)
	}
}

// TestSchemaPatchDiagnostics runs schemapatch on the manifest directories
// of testdata/crd/schemapatch/bad, and on one that does not exist. Upstream
// stops on each (it panics on notype and noname); ours must exit 1, write
// nothing, and print golden/<case>.txt.
func TestSchemaPatchDiagnostics(t *testing.T) {
	src, copy := schemapatchFixture(t)
	dir := copy()
	for _, c := range []string{"v1beta1", "noversions", "notype", "noname", "nowhere"} {
		t.Run(c, func(t *testing.T) {
			t.Chdir(dir)
			args := []string{"schemapatch:manifests=bad/" + c, "paths=./..."}
			up, ours := filepath.Join(t.TempDir(), "up"), filepath.Join(t.TempDir(), "ours")
			if out, err := exec.Command(upstream(t), append(args, "output:dir="+up)...).CombinedOutput(); err == nil {
				t.Errorf("upstream no longer stops:\n%s", out)
			}
			var stderr bytes.Buffer
			if code := run(append(args, "output:dir="+ours), os.Stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			for _, d := range []string{up, ours} {
				if _, err := os.Stat(d); !os.IsNotExist(err) {
					t.Errorf("%s was written", d)
				}
			}
			refmodtest.Golden(t, filepath.Join(src, "golden", c+".txt"), stderr.String())
		})
	}
}
