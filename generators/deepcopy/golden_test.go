package deepcopy_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name: "basic",
		Tool: "deepcopy-gen",
		Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.deepcopy.go", "./{dir}/..."},
		Ours: goldentest.Spec(deepcopy.Spec),
	})
}
