package prerelease_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/prerelease"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name: "basic",
		Tool: "prerelease-lifecycle-gen",
		Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.prerelease-lifecycle.go", "./{dir}/..."},
		Ours: goldentest.Spec(prerelease.Spec),
	})
}
