package conversion_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name: "basic",
		Tool: "conversion-gen",
		Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.conversion.go", "./{dir}/..."},
		Ours: goldentest.Spec(conversion.Spec),
	})
}
