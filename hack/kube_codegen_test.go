package hack_test

import (
	"os/exec"
	"testing"
)

// TestKubeCodegenScript runs the shell tests of kube_codegen.sh, which
// source the script as users do and call its functions on a temp module.
func TestKubeCodegenScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commands and a temp module; skipped with -short")
	}
	out, err := exec.Command("bash", "kube_codegen_test.sh").CombinedOutput()
	if err != nil {
		t.Fatalf("hack/kube_codegen_test.sh: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
