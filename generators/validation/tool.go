package validation

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// cmdline is validation-gen's command line.
type cmdline struct {
	prefix string
	g      Generator
	// Accepted for upstream's coverage fixtures, which are not written.
	testRoot, testPrefix, testAllowlist string
	docs                                bool
}

// NewTool returns validation-gen's flags and generator.
func NewTool() cli.Tool { return &cmdline{} }

func (*cmdline) Name() string                 { return "validation" }
func (*cmdline) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	cli.OutputFile(fs, &t.g.OutputFile, prefix, "generated.validations.go", "zz_generated.validations.go", "file name for validation functions in each package")
	fs.StringSliceVar(&t.g.ReadOnlyPkgs, prefix+"readonly-pkg", nil, "import path of a package whose validation functions generated code may call, but which is not generated for (repeatable)")
	fs.StringVar(&t.testRoot, prefix+"test-output-root", "", "accepted for compatibility; coverage test fixtures are not generated")
	fs.StringVar(&t.testPrefix, prefix+"test-output-file-prefix", "", "accepted for compatibility; only meaningful with --"+prefix+"test-output-root")
	fs.StringVar(&t.testAllowlist, prefix+"test-allowlist", "", "accepted for compatibility; only meaningful with --"+prefix+"test-output-root")
	if cli.Own(prefix) {
		fs.BoolVar(&t.docs, "docs", false, "print documentation for supported declarative validations, and then exit")
	}
}

func (t *cmdline) Generator(_ *cli.Common, header []byte, _ []string) (engine.Generator, error) {
	if t.testAllowlist != "" && t.testRoot == "" {
		return nil, fmt.Errorf("--%stest-allowlist is only meaningful with --%stest-output-root", t.prefix, t.prefix)
	}
	if t.testPrefix != "" && t.testRoot == "" {
		return nil, fmt.Errorf("--%stest-output-file-prefix is only meaningful with --%stest-output-root", t.prefix, t.prefix)
	}
	t.g.Header = header
	return &t.g, nil
}
