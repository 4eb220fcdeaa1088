// Package swaggerdoctest runs Kubernetes' own swagger-doc tooling in tests:
// cmd/genswaggertypedocs and the hack/update-codegen.sh function that wraps
// its output into types_swagger_doc_generated.go.
package swaggerdoctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// Kubernetes is the module whose tool and script are the oracle.
const Kubernetes = "k8s.io/kubernetes@v1.37.2"

// Build compiles Kubernetes' cmd/genswaggertypedocs and returns the
// binary's path. go install cannot build a command of k8s.io/kubernetes
// (its go.mod replaces the staging modules), so its source files are built
// in a scratch module that requires the apimachinery it imports.
func Build(t testing.TB) string {
	t.Helper()
	src := filepath.Join(refmodtest.Download(t, Kubernetes), "cmd/genswaggertypedocs")
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	gomod := "module upstream/genswaggertypedocs\n\ngo 1.24\n\nrequire k8s.io/apimachinery v0.37.2\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "genswaggertypedocs")
	goCmd(t, dir, "mod", "tidy")
	goCmd(t, dir, "build", "-o", bin, ".")
	return bin
}

func goCmd(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

// Script runs gen_types_swagger_doc, read from Kubernetes'
// hack/update-codegen.sh, for group version gv in directory dir, with the
// genswaggertypedocs binary bin and the given boilerplate file. It writes
// dir/types_swagger_doc_generated.go as Kubernetes' codegen does.
func Script(t testing.TB, bin, boilerplate, gv, dir string) {
	t.Helper()
	fn := scriptFunction(t, "gen_types_swagger_doc")
	bash := exec.Command("bash", "-c", "set -o errexit -o nounset -o pipefail\n"+fn+"\ngen_types_swagger_doc \"$1\" \"$2\"", "bash", gv, dir)
	gofmt := filepath.Join(goEnv(t, "GOROOT"), "bin")
	bash.Env = append(os.Environ(),
		"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+gofmt+string(os.PathListSeparator)+os.Getenv("PATH"),
		"BOILERPLATE_FILENAME="+boilerplate, "DBG_CODEGEN=0", "TMPDIR="+t.TempDir())
	if out, err := bash.CombinedOutput(); err != nil {
		t.Fatalf("gen_types_swagger_doc %s %s: %v\n%s", gv, dir, err, out)
	}
}

// scriptFunction returns the text of a bash function of update-codegen.sh.
func scriptFunction(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(refmodtest.Download(t, Kubernetes), "hack/update-codegen.sh"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, found := strings.Cut(string(b), "\nfunction "+name+"() {\n")
	body, _, closed := strings.Cut(rest, "\n}\n")
	if !found || !closed {
		t.Fatalf("update-codegen.sh has no function %s", name)
	}
	return "function " + name + "() {\n" + body + "\n}\n"
}

func goEnv(t testing.TB, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}
