package informer

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is informer-gen's command line.
type cmdline struct {
	prefix  string
	out     cli.Output
	g       Generator
	plurals []string
}

// command is the upstream command the generator replaces.
const command = "informer-gen"

// Spec declares informer-gen.
var Spec = &cli.Spec{
	Name:    "informer",
	Command: command,
	Doc:     "shared informers",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	t.out.Add(fs, prefix, "the directory the informers are written below", "")
	fs.StringVar(&t.g.InternalClientset, prefix+"internal-clientset-package", "", "the Go import path of the clientset of internal types")
	fs.StringVar(&t.g.VersionedClientset, prefix+"versioned-clientset-package", "", "the Go import path of the clientset of versioned types")
	fs.StringVar(&t.g.Listers, prefix+"listers-package", "", "the Go import path of the listers")
	fs.BoolVar(&t.g.SingleDirectory, prefix+"single-directory", false, "write into the output directory itself, without the externalversions and internalversion directories")
	cli.PluralExceptions(fs, &t.plurals, prefix)
}

// Generator makes the generator when told where to write.
func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	dir, err := t.out.AbsDir(c)
	if dir == "" || err != nil {
		return nil, err
	}
	if err := cli.Specified(t.prefix, "versioned-clientset-package", t.g.VersionedClientset, "listers-package", t.g.Listers); err != nil {
		return nil, err
	}
	if t.g.PluralExceptions, err = cli.Plurals(t.prefix, t.plurals); err != nil {
		return nil, err
	}
	t.g.OutputDir, t.g.OutputPkg, t.g.Header = dir, t.out.Pkg, header
	return t.g.Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, DependencyTypes: true}
}
