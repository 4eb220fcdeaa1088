package crd

import (
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// manifestTool is the part the crd, rbac and webhook tools share: they
// write YAML manifests to a directory, with an optional header file in
// which " YEAR" is replaced.
type manifestTool struct {
	outputDir string
	header    string
	year      string
}

// manifestSpec is the Spec of one of them: opt-in, because they write
// outside the packages. flags declares its own flags and makes it from
// the header and output directory.
func manifestSpec(name, doc string, flags func(fs *pflag.FlagSet, prefix string) func(header, dir string) *engine.Generator) *cli.Spec {
	return &cli.Spec{
		Name:    name,
		Command: "controller-gen",
		Doc:     doc,
		OptIn:   true,
		Markers: (&Generator{}).Define,
		Flags: func(fs *pflag.FlagSet, prefix string) cli.Build {
			var t manifestTool
			t.flags(fs, prefix, name)
			newGen := flags(fs, prefix)
			return func(c *cli.Common, _ []byte, _ []string) (*engine.Generator, error) {
				header, dir, err := t.resolve(c)
				if err != nil {
					return nil, err
				}
				return newGen(header, dir), nil
			}
		},
	}
}

func (t *manifestTool) flags(fs *pflag.FlagSet, prefix, name string) {
	fs.StringVar(&t.outputDir, prefix+"output-dir", "config/"+name, "directory the manifests are written to")
	fs.StringVar(&t.header, prefix+"header-file", "", "file whose text goes before the manifests; \" YEAR\" becomes --"+prefix+"year")
	fs.StringVar(&t.year, prefix+"year", "", "the year put in place of \" YEAR\" in the header file")
}

// resolve reads the header file and makes the output directory absolute,
// both relative to --chdir.
func (t *manifestTool) resolve(c *cli.Common) (header, dir string, err error) {
	if t.header != "" {
		if header, err = ReadHeader(c.ResolveFile(t.header), t.year); err != nil {
			return "", "", err
		}
	}
	dir, err = c.Abs(t.outputDir)
	return header, dir, err
}

// ReadHeader reads controller-gen's headerFile, with year in place of
// " YEAR"; "" names no file.
func ReadHeader(file, year string) (string, error) {
	if file == "" {
		return "", nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(string(b), " YEAR", " "+year), nil
}

// Spec declares controller-gen's crd generator.
var Spec = manifestSpec("crd", "CustomResourceDefinitions, validated as the API server does", func(fs *pflag.FlagSet, prefix string) func(string, string) *engine.Generator {
	var g Generator
	maxDescLen := -1
	fs.BoolVar(&g.AllowDangerousTypes, prefix+"allow-dangerous-types", false, "allow float fields")
	fs.IntVar(&maxDescLen, prefix+"max-desc-len", -1, "cut descriptions to this many characters (-1: no limit)")
	fs.BoolVar(&g.GenerateEmbeddedMeta, prefix+"generate-embedded-object-meta", false, "describe the labels and annotations of embedded ObjectMeta")
	fs.BoolVar(&g.IgnoreUnexportedFields, prefix+"ignore-unexported-fields", false, "leave unexported fields out of the schema")
	fs.BoolVar(&g.OmitToolVersion, prefix+"omit-tool-version", false, "leave out the controller-gen version annotation")
	return func(header, dir string) *engine.Generator {
		g.Header, g.OutputDir = header, dir
		if maxDescLen >= 0 {
			g.MaxDescLen = &maxDescLen
		}
		return g.Engine()
	}
})

// RBACSpec declares controller-gen's rbac generator.
var RBACSpec = manifestSpec("rbac", "RBAC roles from +kubebuilder:rbac markers", func(fs *pflag.FlagSet, prefix string) func(string, string) *engine.Generator {
	var g RBACGenerator
	fs.StringVar(&g.RoleName, prefix+"role-name", "manager-role", "name of the ClusterRole, and of Roles without roleName=")
	fs.StringVar(&g.FileName, prefix+"file-name", "role.yaml", "name of the file written")
	return func(header, dir string) *engine.Generator {
		g.Header, g.OutputDir = header, dir
		return g.Engine()
	}
})

// WebhookSpec declares controller-gen's webhook generator.
var WebhookSpec = manifestSpec("webhook", "webhook configurations from +kubebuilder:webhook markers", func(fs *pflag.FlagSet, prefix string) func(string, string) *engine.Generator {
	var g WebhookGenerator
	return func(header, dir string) *engine.Generator {
		g.Header, g.OutputDir = header, dir
		return g.Engine()
	}
})

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Name: "crd", Markers: g.Define, Generate: g.Generate, DependencyTypes: true}
}

// Engine returns g as the engine runs it.
func (g *RBACGenerator) Engine() *engine.Generator {
	return &engine.Generator{Name: "rbac", Markers: g.Define, Generate: g.Generate, DependencyTypes: true}
}

// Engine returns g as the engine runs it.
func (g *WebhookGenerator) Engine() *engine.Generator {
	return &engine.Generator{Name: "webhook", Markers: g.Define, Generate: g.Generate, DependencyTypes: true}
}

// Engine returns g as the engine runs it.
func (g *ObjectGenerator) Engine() *engine.Generator {
	return &engine.Generator{Name: "object", Markers: g.Define, Generate: g.Generate, DependencyTypes: true}
}

// Engine returns g as the engine runs it.
func (g *SchemaPatchGenerator) Engine() *engine.Generator {
	return &engine.Generator{Name: "schemapatch", Markers: g.Define, Generate: g.Generate}
}
