package crd_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/crd"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:         "basic",
		Tool:         "controller-gen",
		Args:         []string{"--output-dir", "{dir}/crds", "./{dir}/..."},
		UpstreamArgs: []string{"crd", "paths=./{dir}/...", "output:crd:dir={dir}/crds"},
		Ours:         goldentest.Spec(crd.Spec),
	})
}
