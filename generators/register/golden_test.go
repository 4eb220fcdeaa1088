package register_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/register"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	for _, name := range []string{"basic", "simpletype"} {
		t.Run(name, func(t *testing.T) {
			goldentest.Run(t, goldentest.Case{
				Name: name,
				Tool: "register-gen",
				Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.register.go", "./{dir}/..."},
				Ours: goldentest.Spec(register.Spec),
			})
		})
	}
}
