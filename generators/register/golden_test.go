package register_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/register"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	// basic is the shared input; simpletype is register's own.
	for _, c := range []struct{ name, input string }{{"basic", "basic"}, {"simpletype", ""}} {
		t.Run(c.name, func(t *testing.T) {
			goldentest.Run(t, goldentest.Case{
				Name:  c.name,
				Input: c.input,
				Tool:  "register-gen",
				Args:  []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.register.go", "./{dir}/..."},
				Ours:  goldentest.Spec(register.Spec),
			})
		})
	}
}
