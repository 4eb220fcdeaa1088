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

// TestSupported shows that a module newer than the Go that built apigen
// is refused with a message, and older or equal ones are not.
func TestSupported(t *testing.T) {
	for _, c := range []struct {
		module, built string
		ok            bool
	}{
		{"1.26", "go1.26.8", true},
		{"1.26.0", "go1.26.8", true},
		{"1.21", "go1.26.8", true},
		{"1.27", "go1.26.8", false},
		{"1.27rc1", "go1.26.8", false},
		{"1.30", "devel +abc", true},
		{"", "go1.26.8", true},
	} {
		err := analysis.Supported(c.module, c.built)
		if (err == nil) != c.ok {
			t.Errorf("Supported(%q, %q) = %v, want ok %v", c.module, c.built, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "build apigen with Go 1.27 or later") {
			t.Errorf("Supported(%q, %q): %v does not say which Go to build with", c.module, c.built, err)
		}
	}
}
