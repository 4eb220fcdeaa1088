package main

import (
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestParityClientGo regenerates k8s.io/client-go's kubernetes/ tree from
// k8s.io/api with the invocation that produced it: every file client-gen
// wrote must come back byte for byte, and nothing else may appear or change.
func TestParityClientGo(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/client-go@v0.37.2")
	root := filepath.Join(dir, "kubernetes")
	inputs := paritytest.SchemeOrder(t, filepath.Join(root, "scheme/register.go"), "k8s.io/api")
	if len(inputs) != 55 {
		t.Fatalf("kubernetes/scheme/register.go adds %d group versions, expected 55", len(inputs))
	}
	header := refmodtest.Lines(t, filepath.Join(refmodtest.Download(t, "k8s.io/api@v0.37.2"), "core/v1/zz_generated.deepcopy.go"), 4, 18)
	shipped, handWritten := paritytest.TakeGenerated(t, root, tool)
	if len(shipped) != 605 || len(handWritten) != 29 { // 26 Go files and 3 OWNERS
		t.Fatalf("client-go's kubernetes/ has %d generated and %d other files, expected 605 and 29", len(shipped), len(handWritten))
	}
	args := []string{"--go-header-file", header, "--output-dir", ".", "--output-pkg", "k8s.io/client-go",
		"--clientset-name", "kubernetes", "--input-base", "k8s.io/api", "--plural-exceptions", "Endpoints:Endpoints",
		"--apply-configuration-package", "k8s.io/client-go/applyconfigurations", "--prefers-protobuf"}
	for _, in := range inputs {
		args = append(args, "--input", in)
	}
	ours(t, dir, args...)
	paritytest.Compare(t, root, shipped, handWritten)
}

// TestParitySampleAPIServer regenerates sample-apiserver's clientset with
// the invocation its hack/update-codegen.sh makes through kube_codegen.sh.
func TestParitySampleAPIServer(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	root := filepath.Join(dir, "pkg/generated/clientset")
	shipped, handWritten := paritytest.TakeGenerated(t, root, tool)
	if len(shipped) != 22 || len(handWritten) != 0 {
		t.Fatalf("sample-apiserver's clientset has %d generated and %d hand-written files, expected 22 and 0", len(shipped), len(handWritten))
	}
	apis, err := filepath.EvalSymlinks(filepath.Join(dir, "pkg/apis"))
	if err != nil {
		t.Fatal(err)
	}
	ours(t, dir, "--go-header-file", "hack/boilerplate.go.txt",
		"--output-dir", "pkg/generated/clientset", "--output-pkg", "k8s.io/sample-apiserver/pkg/generated/clientset",
		"--clientset-name", "versioned", "--apply-configuration-package", "k8s.io/sample-apiserver/pkg/generated/applyconfiguration",
		"--input-base", apis, "--plural-exceptions", "", "--prefers-protobuf=false",
		"--input", "wardle/v1alpha1", "--input", "wardle/v1beta1")
	paritytest.Compare(t, root, shipped, handWritten)
}

// TestParityMetrics regenerates k8s.io/metrics' clientset with what its
// hack/update-codegen.sh runs through upstream's kube_codegen.sh gen_client:
// the versioned packages with +genclient types, in sorted order, with
// --prefers-protobuf and no apply configurations.
func TestParityMetrics(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/metrics@v0.37.2")
	root := filepath.Join(dir, "pkg/client")
	shipped, handWritten := paritytest.TakeGenerated(t, root, tool)
	if len(shipped) != 33 || len(handWritten) != 12 {
		t.Fatalf("metrics' pkg/client has %d generated and %d hand-written files, expected 33 and 12", len(shipped), len(handWritten))
	}
	apis, err := filepath.EvalSymlinks(filepath.Join(dir, "pkg/apis"))
	if err != nil {
		t.Fatal(err)
	}
	ours(t, dir, "-v", "0", "--go-header-file", "hack/boilerplate.go.txt",
		"--output-dir", "hack/../pkg/client/clientset", "--output-pkg", "k8s.io/metrics/pkg/client/clientset",
		"--clientset-name", "versioned", "--apply-configuration-package", "",
		"--input-base", apis, "--plural-exceptions", "", "--prefers-protobuf=true",
		"--lint-rules", "known-tags-only,require-explicit-disablement",
		"--input", "metrics/v1", "--input", "metrics/v1alpha1", "--input", "metrics/v1beta1")
	paritytest.Compare(t, root, shipped, handWritten)
}
