package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestParityKubernetes deletes the 80 generated.proto and generated.pb.go
// pairs of Kubernetes v1.37.2's six protobuf modules and runs go-to-protobuf
// once over them, as hack/_update-generated-protobuf-dockerized.sh does.
// Every file must come back byte for byte, no other file may change (the
// types already carry every tag), k8s.io/api's own round-trip and
// compatibility tests must pass on the result (the latter decodes the .pb
// fixtures of v1.33 to v1.36 and HEAD and encodes them again identically),
// and a --verify-only run then passes.
func TestParityKubernetes(t *testing.T) {
	if testing.Short() {
		t.Skip("copies six modules; skipped with -short")
	}
	ws := paritytest.NewProtobufWorkspace(t, "generated.proto", "generated.pb.go")
	if len(ws.Shipped) != 160 || len(ws.Packages) != 73 {
		t.Fatalf("%d files shipped and %d tagged packages; expected 160 and 73", len(ws.Shipped), len(ws.Packages))
	}
	before := map[string][]byte{}
	for _, dir := range ws.Dirs {
		for p, b := range paritytest.Snapshot(t, dir) {
			before[p] = b
		}
	}
	args := []string{"-C", ws.Root, "--go-header-file", ws.Header, "--output-dir", ws.Root,
		"--proto-import", ws.Root, "--packages", strings.Join(ws.Packages, ",")}
	var stderr bytes.Buffer
	if code := run(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	for p, b := range ws.Shipped {
		before[p] = b
	}
	after := map[string][]byte{}
	for _, dir := range ws.Dirs {
		for p, b := range paritytest.Snapshot(t, dir) {
			after[p] = b
		}
	}
	same := 0
	for p, want := range ws.Shipped {
		if got, ok := after[p]; ok && bytes.Equal(got, want) {
			same++
		}
	}
	t.Logf("%d of %d files byte-identical to those shipped", same, len(ws.Shipped))
	for p, want := range before {
		switch got, ok := after[p]; {
		case !ok:
			t.Errorf("%s is missing", p)
		case !bytes.Equal(got, want):
			t.Errorf("%s differs:\n%s", p, refmodtest.FirstLines(got, want))
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s is extra", p)
		}
	}
	log := ws.Run(t, filepath.Join(ws.Root, "api"), "go", "test", "-count=1", "-v", "-run", "TestRoundTrip|TestCompatibility", ".")
	for _, test := range []string{"TestRoundTripExternalTypes", "TestCompatibility"} {
		if !strings.Contains(log, "--- PASS: "+test) {
			t.Errorf("k8s.io/api's %s did not pass on the regenerated tree:\n%s", test, log)
		}
	}
	stderr.Reset()
	var stdout bytes.Buffer
	if code := run(append([]string{"--verify-only"}, args...), &stdout, &stderr); code != 0 {
		t.Errorf("--verify-only after generating: exit status %d:\n%s%s", code, stdout.String(), stderr.String())
	}
}
