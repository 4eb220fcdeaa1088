package defaulter_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/defaulter"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "defaulter-gen",
		Args:  []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.defaults.go", "./{dir}/..."},
		Ours:  goldentest.Spec(defaulter.Spec),
	})
}
