package analysis_test

import (
	"strings"
	"testing"

	xanalysis "golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/apigen-dev/apigen/analysis"
	"github.com/apigen-dev/apigen/generators/conventions"
)

// TestAnalyzers runs each family analyzer on its package of testdata/src,
// whose "// want" comments hold the findings expected, and applies the
// markers analyzer's fixes, comparing with the .golden files.
func TestAnalyzers(t *testing.T) {
	cases := []struct {
		a    *xanalysis.Analyzer
		pkg  string
		args string // apigen generate's flags
		fix  bool
	}{
		{analysis.Markers, "markers", "", true},
		{analysis.Generate, "generate", "", false},
		{analysis.FeatureGate, "featuregate", "--featuregate-known-feature-gates gates", false},
		{analysis.Protobuf, "protobuf", "--generators protobuf --protobuf-packages protobuf --protobuf-apimachinery-packages=", false},
		{analysis.CEL, "cel", "--generators openapi --openapi-output-dir OUT --openapi-output-pkg gen", false},
		{analysis.Conventions, "conventions", "--lint-rules known-tags-only", false},
		{analysis.Conventions, "rules", "", true},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			args := strings.ReplaceAll(c.args, "OUT", t.TempDir())
			if err := analysis.Apigen.Flags.Set("args", args); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { analysis.Apigen.Flags.Set("args", "") })
			if c.pkg == "rules" {
				for _, r := range conventions.Rules {
					analysis.Conventions.Flags.Set(r, "true")
					t.Cleanup(func() { analysis.Conventions.Flags.Set(r, "false") })
				}
			}
			if c.fix {
				analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), c.a, c.pkg)
			} else {
				analysistest.Run(t, analysistest.TestData(), c.a, c.pkg)
			}
		})
	}
}
