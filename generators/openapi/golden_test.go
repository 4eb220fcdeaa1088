package openapi_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/openapi"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "openapi-gen",
		Args:  []string{"--go-header-file", goldentest.Header, "--output-dir", "{dir}/openapi", "--output-pkg", "{pkg}/openapi", "--output-file", "zz_generated.openapi.go", "./{dir}/example/..."},
		Ours:  goldentest.Spec(openapi.Spec),
	})
}
