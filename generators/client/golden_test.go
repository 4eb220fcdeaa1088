package client_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "client-gen",
		Args:  []string{"--go-header-file", goldentest.Header, "--clientset-name", "versioned", "--input-base", "{pkg}", "--input", "example/v1", "--output-dir", "{dir}/clientset", "--output-pkg", "{pkg}/clientset"},
		Ours:  goldentest.Spec(client.Spec),
	})
}
