package defaulter

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
)

// cmdline is defaulter-gen's command line.
type cmdline struct {
	prefix string
	g      Generator
}

// command is the upstream command the generator replaces.
const command = "defaulter-gen"

// Spec declares defaulter-gen.
var Spec = &cli.Spec{
	Name:    "defaulter",
	Command: command,
	Doc:     "defaulting functions that call the SetDefaults_ functions",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	cli.OutputFile(fs, &t.g.OutputFile, prefix, "generated.defaults.go", "zz_generated.defaults.go", "file name for defaulters in each package")
	fs.StringSliceVar(&t.g.ExtraPeerDirs, prefix+"extra-peer-dirs", nil, "import paths whose SetDefaults_ functions are also called, after the packages' own")
	fs.StringVar(&t.g.BuildTag, prefix+"build-tag", load.BuildTag, "the build tag that excludes generated files (only "+load.BuildTag+" is supported)")
}

func (t *cmdline) Generator(_ *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	if t.g.BuildTag != load.BuildTag {
		// Packages are always loaded with load.BuildTag; files generated
		// under another tag would be read back as hand-written code.
		return nil, fmt.Errorf("--%sbuild-tag %s is not supported: generated files must carry %s", t.prefix, t.g.BuildTag, load.BuildTag)
	}
	t.g.Header = header
	return t.g.Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs, Links: g.Local,
		Declarations: !g.peersBelow()}
}
