package protobuf_test

import (
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

// reference lists the apimachinery packages as go-to-protobuf's default
// --apimachinery-packages does, each with a leading '-': read, not written.
var reference = strings.Join([]string{
	"-k8s.io/apimachinery/pkg/util/intstr", "-k8s.io/apimachinery/pkg/api/resource",
	"-k8s.io/apimachinery/pkg/runtime/schema", "-k8s.io/apimachinery/pkg/runtime",
	"-k8s.io/apimachinery/pkg/apis/meta/v1",
}, ",")

// TestGolden compares pass one (--only-idl: generated.proto) with upstream
// go-to-protobuf's. Upstream writes into every package it is given that is
// not marked '-', so the dependencies are all marked; and it runs, as every
// upstream tool here, against a private module cache (UpstreamEnv): were it
// to write into a dependency, only that copy would change.
func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "go-to-protobuf",
		Args: []string{"--only-idl", "--go-header-file", goldentest.Header, "--packages", "{pkg}/example/v1",
			"--apimachinery-packages", reference},
		// --output-dir is where protoc would write, outside the input.
		UpstreamArgs: []string{"--only-idl", "--go-header-file", goldentest.Header, "--output-dir", "protoc-out",
			"--packages", "{pkg}/example/v1", "--apimachinery-packages", reference},
		Ours: goldentest.Spec(protobuf.Spec),
	})
}
