package lister

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is lister-gen's command line.
type cmdline struct {
	prefix  string
	out     cli.Output
	plurals []string
}

// command is the upstream command the generator replaces.
const command = "lister-gen"

// Spec declares lister-gen.
var Spec = &cli.Spec{
	Name:    "lister",
	Command: command,
	Doc:     "listers for the types of each group version",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	t.out.Add(fs, prefix, "the directory the listers are written below, one package per group and version", "")
	cli.PluralExceptions(fs, &t.plurals, prefix)
}

// Generator makes the generator when told where to write.
func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	dir, err := t.out.AbsDir(c)
	if dir == "" || err != nil {
		return nil, err
	}
	plurals, err := cli.Plurals(t.prefix, t.plurals)
	if err != nil {
		return nil, err
	}
	return (&Generator{OutputDir: dir, OutputPkg: t.out.Pkg, PluralExceptions: plurals, Header: header}).Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, DependencyTypes: true}
}
