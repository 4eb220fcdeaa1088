package modelname_test

import (
	"io"
	"testing"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/generators/openapi"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

// TestGolden runs openapi-gen as upstream ships it, with the OpenAPI
// definitions written outside the input so that only the model name files
// are compared.
func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "openapi-gen",
		Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.openapi.go",
			"--output-dir", "openapi", "--output-pkg", goldentest.Module + "/openapi",
			"--output-model-name-file", "zz_generated.model_name.go", "./{dir}/..."},
		Ours: func(args []string, stdout, stderr io.Writer) int {
			return cli.Command(args, stdout, stderr, modelname.Spec, openapi.Spec)
		},
	})
}
