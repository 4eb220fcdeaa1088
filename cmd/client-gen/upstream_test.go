package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const featuresBase = "client.example/features/apis"

// featureRuns are invocations over testdata/client/features that, between
// them, use every marker and flag. Upstream's client-gen, run in the test,
// gives the expected files. "@apis" stands for the absolute directory of
// the API packages.
var featureRuns = []struct {
	name string
	args []string
}{
	{"apply-protobuf", []string{"--clientset-name", "versioned", "--apply-configuration-package", "client.example/features/client/applyconfiguration",
		"--plural-exceptions", "Endpoints:Endpoints", "--prefers-protobuf", "--input-base", featuresBase,
		"--input", "things/v1,things/v2", "--input", "other/v1alpha1", "--input", "core/v1", "--input", "empty/v1"}},
	{"plain-directory-base", []string{"--clientset-name", "plain", "--input-base", "@apis",
		"--input", "things/v1", "--input", "things/v2", "--input", "other/v1alpha1", "--input", "core/v1", "--input", "empty/v1"}},
	{"internal", []string{"--clientset-name", "internal", "--apply-configuration-package", "client.example/features/client/ac",
		"--input-base", featuresBase, "--input", "things/", "--input", "things/v1", "--input", "other/v1alpha1"}},
	{"clientset-only", []string{"--clientset-name", "only", "--clientset-only", "--fake-clientset=false",
		"--input-base", featuresBase, "--input", "things/v1", "--input", "other/v1alpha1"}},
	{"no-fake", []string{"-n", "nofake", "--fake-clientset=false", "--input-base", featuresBase, "--input", "things/v1", "--input", "core/v1"}},
	{"included-types-overrides", []string{"--clientset-name", "over",
		"--included-types-overrides", "things.example.com/v1/Thing,things.example.com/v1/Gizmo,/v1/Pod",
		"--input-base", featuresBase, "--input", "things/v1", "--input", "core/v1"}},
	{"no-clients", []string{"--clientset-name", "none", "--input-base", featuresBase, "--input", "empty/v1"}},
	{"protobuf-api-path", []string{"--clientset-name", "pna", "--prefers-protobuf", "--clientset-api-path", "/custom",
		"--input-base", featuresBase, "--input", "things/v1", "--input", "core/v1"}},
	{"input-order", []string{"--clientset-name", "order", "--input-base", featuresBase,
		"--input", "things/v2", "--input", "core/v1", "--input", "things/v1", "--input", "other/v1alpha1"}},
}

func featureArgs(dir string, args []string, header string) []string {
	out := []string{"--output-dir", "client", "--output-pkg", "client.example/features/client"}
	if header != "" {
		out = append(out, "--go-header-file", header)
	}
	for _, a := range args {
		if a == "@apis" {
			a = filepath.Join(dir, "apis")
		}
		out = append(out, a)
	}
	return out
}

// TestUpstreamFeatures compares with upstream's client-gen on every run of
// featureRuns.
func TestUpstreamFeatures(t *testing.T) {
	for _, r := range featureRuns {
		t.Run(r.name, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, "../../testdata/client/features")
			header := ""
			if r.name != "no-fake" { // one run without a header
				header = "boilerplate.go.txt"
			}
			args := featureArgs(dir, r.args, header)
			runUpstream(t, dir, args...)
			root := filepath.Join(dir, "client")
			want, keep := paritytest.TakeGenerated(t, root, tool)
			if len(want) == 0 {
				t.Fatal("upstream generated nothing")
			}
			ours(t, dir, args...)
			paritytest.Compare(t, root, want, keep)
		})
	}
}

// TestDisabledPackage checks that +k8s:client-gen=false leaves a package
// out as if --input had not named it. Upstream generates a client without
// types or Go name for it instead.
func TestDisabledPackage(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/client/features")
	args := featureArgs(dir, []string{"--clientset-name", "versioned", "--input-base", featuresBase,
		"--input", "things/v1", "--input", "core/v1"}, "")
	runUpstream(t, dir, args...)
	root := filepath.Join(dir, "client")
	want, keep := paritytest.TakeGenerated(t, root, tool)
	ours(t, dir, append(args, "--input", "disabled/v1")...)
	paritytest.Compare(t, root, want, keep)
}

// TestDeterminism generates the features with one and with eight threads,
// and with the groups given to --input in another order, and expects the
// same bytes: groups are ordered by name, and only the versions within a
// group keep the order of --input.
func TestDeterminism(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/client/features")
	root := filepath.Join(dir, "client")
	args := featureArgs(dir, featureRuns[0].args, "boilerplate.go.txt")
	reordered := featureArgs(dir, []string{"--clientset-name", "versioned", "--apply-configuration-package", "client.example/features/client/applyconfiguration",
		"--plural-exceptions", "Endpoints:Endpoints", "--prefers-protobuf", "--input-base", featuresBase,
		"--input", "empty/v1", "--input", "things/v1", "--input", "core/v1", "--input", "other/v1alpha1", "--input", "things/v2"}, "boilerplate.go.txt")
	var runs []map[string][]byte
	for i, procs := range []int{1, 8, 8} {
		prev := runtime.GOMAXPROCS(procs)
		if i == 2 {
			args = reordered
		}
		ours(t, dir, args...)
		runtime.GOMAXPROCS(prev)
		got, _ := paritytest.TakeGenerated(t, root, tool)
		runs = append(runs, got)
	}
	for i := range runs[1:] {
		if len(runs[0]) == 0 || len(runs[0]) != len(runs[i+1]) {
			t.Fatalf("runs generated %d and %d files", len(runs[0]), len(runs[i+1]))
		}
		for p, b := range runs[0] {
			if !bytes.Equal(b, runs[i+1][p]) {
				t.Errorf("%s differs between run 1 and run %d", p, i+2)
			}
		}
	}
}

// TestWarningsAsUpstream: a second version of a group without the first's
// +groupName, and an --included-types-overrides name no package declares,
// change nothing upstream writes. They are warnings, with no line to point
// at: the run succeeds with upstream's files, and fails with --strict.
func TestWarningsAsUpstream(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/client/features")
	doc := filepath.Join(dir, "apis/things/v2/doc.go")
	if err := os.WriteFile(doc, []byte("package v2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := featureArgs(dir, []string{"--clientset-name", "warned",
		"--included-types-overrides", "things.example.com/v1/Thing,things.example.com/v1/Nothing",
		"--input-base", featuresBase, "--input", "things/v1,things/v2"}, "boilerplate.go.txt")
	runUpstream(t, dir, args...)
	root := filepath.Join(dir, "client")
	want, keep := paritytest.TakeGenerated(t, root, tool)
	wantWarnings := "warning: --included-types-overrides names things.example.com/v1/Nothing, but package client.example/features/apis/things/v1 has no type Nothing; the name has no effect\n" +
		"warning: package client.example/features/apis/things/v2 has no +groupName, but client.example/features/apis/things/v1, the first version of its group, has +groupName=things.example.com; its client uses that group\n"
	for _, strict := range []bool{true, false} {
		var stderr bytes.Buffer
		wantCode, wantStderr := 0, wantWarnings
		if strict {
			wantCode, wantStderr = 1, strings.ReplaceAll(wantWarnings, "warning: ", "")
		}
		code := run(append([]string{"-C", dir, fmt.Sprintf("--strict=%v", strict)}, args...), io.Discard, &stderr)
		if code != wantCode || stderr.String() != wantStderr {
			t.Errorf("strict %v: exit %d, stderr:\n%s\nwant exit %d and:\n%s", strict, code, stderr.String(), wantCode, wantStderr)
		}
		if !strict {
			continue
		}
		if gen, _ := paritytest.TakeGenerated(t, root, tool); len(gen) != 0 {
			t.Errorf("--strict failed the run but wrote %d files", len(gen))
		}
	}
	paritytest.Compare(t, root, want, keep)
}
