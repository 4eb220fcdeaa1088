package swaggerdoc_test

import (
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/generators/swaggerdoc"
	"github.com/apigen-dev/apigen/internal/goldentest"
	"github.com/apigen-dev/apigen/internal/swaggerdoctest"
)

// TestGolden's goldens come from Kubernetes' gen_types_swagger_doc with
// its genswaggertypedocs, as hack/update-codegen.sh runs them.
func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "genswaggertypedocs",
		Args:  []string{"--go-header-file", goldentest.Header, "./{dir}/..."},
		Upstream: func(t *testing.T, root, rel string) {
			swaggerdoctest.Script(t, swaggerdoctest.Build(t), filepath.Join(root, goldentest.Header),
				"example.apigen.dev/v1", filepath.Join(root, rel, "example/v1"))
		},
		Ours: goldentest.Spec(swaggerdoc.Spec),
	})
}
