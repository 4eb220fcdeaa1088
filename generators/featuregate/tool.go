package featuregate

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// OutputFile is the file name written into each package that opts in, in
// featuregate-gen and in apigen generate alike.
const OutputFile = "zz_generated.featuregate.go"

// NewTool returns featuregate-gen's flags and generator.
func NewTool() cli.Tool { return &tool{} }

type tool struct{ gen Generator }

func (t *tool) Name() string                 { return "featuregate" }
func (t *tool) Define(reg *markers.Registry) { t.gen.Define(reg) }

func (t *tool) Flags(fs *pflag.FlagSet, prefix string) {
	cli.OutputFile(fs, &t.gen.OutputFile, prefix, OutputFile, OutputFile, "file name for the feature-gate helpers in each package that opts in")
	fs.StringVar(&t.gen.KnownGates, prefix+"known-feature-gates", "", "import path of a package whose exported string constants are the known feature gates; an unknown +featureGate is then an error")
}

func (t *tool) Generator(_ *cli.Common, header []byte, _ []string) (engine.Generator, error) {
	g := t.gen
	g.Header = header
	return &g, nil
}
