package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLightDeps checks that apigen links none of the API server's heavy
// packages: they reach it only as the separate checker, cmd/apigen-check
// (internal/servercheck), which keeps apigen's cold build short.
func TestLightDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, heavy := range []string{
		"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation",
		"google.golang.org/grpc",
		"go.opentelemetry.io/otel",
		"github.com/google/cel-go",
	} {
		for _, d := range deps {
			if d == heavy || strings.HasPrefix(d, heavy+"/") {
				t.Errorf("cmd/apigen depends on %s", d)
				break
			}
		}
	}
}
