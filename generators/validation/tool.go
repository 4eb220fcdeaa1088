package validation

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is validation-gen's command line.
type cmdline struct {
	prefix string
	g      Generator
	docs   bool
}

// command is the upstream command the generator replaces.
const command = "validation-gen"

// Spec declares validation-gen.
var Spec = &cli.Spec{
	Name:    "validation",
	Command: command,
	Doc:     "declarative validation functions",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	cli.OutputFile(fs, &t.g.OutputFile, prefix, "generated.validations.go", "zz_generated.validations.go", "file name for validation functions in each package")
	readOnly := []string(nil)
	if !cli.Own(prefix) {
		readOnly = ScriptReadOnlyPkgs
	}
	fs.StringSliceVar(&t.g.ReadOnlyPkgs, prefix+"readonly-pkg", readOnly, "import path (or go list pattern, such as k8s.io/api/...) of packages whose validation functions generated code may call, but which are not generated for (repeatable)")
	fs.StringVar(&t.g.TestOutputRoot, prefix+"test-output-root", "", "also write per-Kind declarative validation coverage fixtures below this directory, as <root>/<group>/<kind>/<prefix><version>_test.go and <prefix>main_test.go")
	fs.StringVar(&t.g.TestFilePrefix, prefix+"test-output-file-prefix", "", "prefix of the coverage fixtures' file names; only with --"+prefix+"test-output-root")
	fs.StringVar(&t.g.TestAllowlist, prefix+"test-allowlist", "", "YAML file of rules to leave out of the coverage fixtures; only with --"+prefix+"test-output-root")
	if cli.Own(prefix) {
		fs.BoolVar(&t.docs, "docs", false, "print documentation for supported declarative validations, and then exit")
	}
}

func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	if t.g.TestAllowlist != "" && t.g.TestOutputRoot == "" {
		return nil, fmt.Errorf("--%stest-allowlist is only meaningful with --%stest-output-root", t.prefix, t.prefix)
	}
	if t.g.TestFilePrefix != "" && t.g.TestOutputRoot == "" {
		return nil, fmt.Errorf("--%stest-output-file-prefix is only meaningful with --%stest-output-root", t.prefix, t.prefix)
	}
	var err error
	if t.g.TestOutputRoot != "" {
		if t.g.TestOutputRoot, err = c.Abs(t.g.TestOutputRoot); err != nil {
			return nil, err
		}
	}
	// Directories among --readonly-pkg are relative to --chdir.
	for i, p := range t.g.ReadOnlyPkgs {
		if isDirPattern(p) {
			if t.g.ReadOnlyPkgs[i], err = c.Abs(p); err != nil {
				return nil, err
			}
		}
	}
	if t.g.TestAllowlist != "" {
		t.g.TestAllowlist = c.Resolve(t.g.TestAllowlist)
	}
	t.g.Header = header
	return t.g.Engine(), nil
}

// ScriptReadOnlyPkgs are apigen generate's default --validation-readonly-pkg:
// the packages kube_codegen.sh's gen_helpers passes (upstream's list, and
// apimachinery's meta/v1/validation, where metav1's types are validated).
// validation-gen's own command keeps upstream's default of none.
var ScriptReadOnlyPkgs = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"k8s.io/apimachinery/pkg/version",
	"time",
	"k8s.io/apimachinery/pkg/apis/meta/v1/validation",
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs, Links: g.Local}
}
