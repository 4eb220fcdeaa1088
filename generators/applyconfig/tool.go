package applyconfig

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is applyconfiguration-gen's command line.
type cmdline struct {
	prefix     string
	out        cli.Output
	external   *ExternalFlag
	schemaFile string
	fromTypes  bool
}

// command is the upstream command the generator replaces.
const command = "applyconfiguration-gen"

// Spec declares applyconfiguration-gen.
var Spec = &cli.Spec{
	Name:    "applyconfiguration",
	Command: command,
	Doc:     "apply configurations for server-side apply, one package per group and version",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	t.out.Add(fs, prefix, "the directory the apply configurations are written below, one package per group and version", "")
	t.external = NewExternalFlag()
	fs.Var(t.external, prefix+"external-applyconfigurations",
		"comma-separated <type-package>.<type-name>:<applyconfiguration-package> entries for types whose apply configurations exist elsewhere, "+
			"such as k8s.io/api/apps/v1.Deployment:k8s.io/client-go/applyconfigurations/apps/v1 (meta/v1's are known)")
	fs.StringVar(&t.schemaFile, prefix+"openapi-schema", "", "an OpenAPI v2 document with the definitions of the types, for the Extract functions; without it, the schema is built from the types")
	fs.BoolVar(&t.fromTypes, prefix+"schema-from-types", true, "without an OpenAPI schema file, build the schema from the types; false does as upstream does without a schema: no Extract functions")
}

// Generator makes the generator for the packages patterns name when told
// where to write, reading the schema file if one is named.
func (t *cmdline) Generator(c *cli.Common, header []byte, patterns []string) (*engine.Generator, error) {
	dir, err := t.out.AbsDir(c)
	if dir == "" || err != nil {
		return nil, err
	}
	g := &Generator{
		OutputDir: dir,
		OutputPkg: t.out.Pkg,
		Header:    header,
		External:  t.external.Map,
		Schema:    SchemaSource{InProcess: t.fromTypes},
		Dir:       c.Dir,
		Patterns:  patterns,
	}
	if t.schemaFile != "" {
		if g.Schema.Document, err = ReadSchema(c.Resolve(t.schemaFile)); err != nil {
			return nil, fmt.Errorf("--%sopenapi-schema: %v", t.prefix, err)
		}
	}
	return g.Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs}
}
