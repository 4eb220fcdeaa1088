package crd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestTools runs the crd, rbac and webhook tools as apigen generate does,
// on the features fixture, and checks which manifests they write.
func TestTools(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/features")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	tools := cli.Specs{Spec, RBACSpec, WebhookSpec}
	var stdout, stderr bytes.Buffer
	args := []string{"--chdir", dir, "--generators", "crd,rbac,webhook", "--crd-output-dir", "out/crd",
		"--rbac-output-dir", "out/rbac", "--rbac-role-name", "shop", "--webhook-output-dir", "out/hooks", "./..."}
	cmd, code, ok := tools.ParseGenerate(args, &stdout, &stderr)
	if !ok {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if code := engine.Run(cmd.Options, cmd.Generators()...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, f := range []string{"crd/shop.features.example_widgets.yaml", "crd/shop.features.example_gadgetry.yaml", "rbac/role.yaml", "hooks/manifests.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Error(err)
		}
	}
	role, _ := os.ReadFile(filepath.Join(dir, "out/rbac/role.yaml"))
	if !bytes.Contains(role, []byte("\n  name: shop\n")) {
		t.Errorf("role.yaml names no role shop:\n%s", role)
	}
}
