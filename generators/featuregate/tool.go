package featuregate

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// OutputFile is the file name written into each package that opts in, in
// featuregate-gen and in apigen generate alike.
const OutputFile = "zz_generated.featuregate.go"

// command is the upstream command the generator replaces.
const command = "featuregate-gen"

// Spec declares featuregate-gen.
var Spec = &cli.Spec{
	Name:    "featuregate",
	Command: command,
	Doc:     "helpers that clear the fields of disabled +featureGate gates",
	Markers: (&Generator{}).Define,
	Flags: func(fs *pflag.FlagSet, prefix string) cli.Build {
		var g Generator
		cli.OutputFile(fs, &g.OutputFile, prefix, OutputFile, OutputFile, "file name for the feature-gate helpers in each package that opts in")
		fs.StringVar(&g.KnownGates, prefix+"known-feature-gates", "", "import path of a package whose exported string constants are the known feature gates; an unknown +featureGate is then an error")
		return func(_ *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
			g.Header = header
			return g.Engine(), nil
		}
	},
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs}
}
