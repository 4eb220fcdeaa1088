package validation_test

import (
	"testing"

	"github.com/apigen-dev/apigen/generators/validation"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name: "basic",
		Tool: "validation-gen",
		Args: []string{"--go-header-file", goldentest.Header, "--output-file", "zz_generated.validations.go",
			"--readonly-pkg", "k8s.io/apimachinery/pkg/apis/meta/v1", "--readonly-pkg", "k8s.io/apimachinery/pkg/types", "--readonly-pkg", "time", "./{dir}/..."},
		Ours: goldentest.Spec(validation.Spec),
	})
}
