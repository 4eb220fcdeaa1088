package lister_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/lister"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "lister-gen",
		Args: []string{"--go-header-file", goldentest.Header,
			"--output-dir", "{dir}/listers", "--output-pkg", "{pkg}/listers", "./{dir}/example/..."},
		Ours: goldentest.Spec(lister.Spec),
	})
}
