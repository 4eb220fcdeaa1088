package applyconfig_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "applyconfiguration-gen",
		Args:  []string{"--go-header-file", goldentest.Header, "--output-dir", "{dir}/applyconfigurations", "--output-pkg", "{pkg}/applyconfigurations", "./{dir}/example/..."},
		Ours:  goldentest.Spec(applyconfig.Spec),
	})
}
