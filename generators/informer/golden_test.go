package informer_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "informer-gen",
		Args: []string{"--go-header-file", goldentest.Header,
			"--output-dir", "{dir}/informers", "--output-pkg", "{pkg}/informers",
			"--versioned-clientset-package", "{pkg}/clientset/versioned",
			"--listers-package", "{pkg}/listers", "./{dir}/example/..."},
		Ours: goldentest.Spec(informer.Spec),
	})
}
