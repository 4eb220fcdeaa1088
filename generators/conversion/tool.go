package conversion

import (
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
)

// cmdline is conversion-gen's command line.
type cmdline struct{ g Generator }

// command is the upstream command the generator replaces.
const command = "conversion-gen"

// Spec declares conversion-gen.
var Spec = &cli.Spec{
	Name:    "conversion",
	Command: command,
	Doc:     "conversion functions between versions of a group",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	cli.OutputFile(fs, &t.g.OutputFile, prefix, "generated.conversion.go", "zz_generated.conversion.go", "file name for conversion functions in each package")
	fs.StringSliceVar(&t.g.BasePeerDirs, prefix+"base-peer-dirs", slices.Clone(DefaultBasePeerDirs), "import paths searched for conversions after the markers' peer packages")
	fs.StringSliceVar(&t.g.ExtraPeerDirs, prefix+"extra-peer-dirs", nil, "import paths searched for conversions after --"+prefix+"base-peer-dirs")
	fs.BoolVar(&t.g.SkipUnsafe, prefix+"skip-unsafe", false, "never convert with unsafe.Pointer casts")
	fs.StringVar(&t.g.BuildTag, prefix+"build-tag", load.BuildTag, "the build tag that excludes generated files")
}

func (t *cmdline) Generator(_ *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	t.g.Header = header
	return t.g.Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs, Links: g.Local, DependencyTypes: true}
}
