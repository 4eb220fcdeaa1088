package crd

import (
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// manifestTool is the part the crd, rbac and webhook tools share: they
// write YAML manifests to a directory, with an optional header file in
// which " YEAR" is replaced.
type manifestTool struct {
	name      string
	outputDir string
	header    string
	year      string
}

func (t *manifestTool) Name() string                 { return t.name }
func (t *manifestTool) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

// OptIn: these generators write outside the packages, so they run only
// when --generators names them.
func (t *manifestTool) OptIn() bool { return true }

func (t *manifestTool) flags(fs *pflag.FlagSet, prefix string) {
	fs.StringVar(&t.outputDir, prefix+"output-dir", "config/"+t.name, "directory the manifests are written to")
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

// crdTool is controller-gen's crd generator as a cli.Tool.
type crdTool struct {
	manifestTool
	g          Generator
	maxDescLen int
}

// NewTool returns the crd generator's flags and generator.
func NewTool() cli.Tool { return &crdTool{manifestTool: manifestTool{name: "crd"}} }

func (t *crdTool) Flags(fs *pflag.FlagSet, prefix string) {
	t.flags(fs, prefix)
	fs.BoolVar(&t.g.AllowDangerousTypes, prefix+"allow-dangerous-types", false, "allow float fields")
	fs.IntVar(&t.maxDescLen, prefix+"max-desc-len", -1, "cut descriptions to this many characters (-1: no limit)")
	fs.BoolVar(&t.g.GenerateEmbeddedMeta, prefix+"generate-embedded-object-meta", false, "describe the labels and annotations of embedded ObjectMeta")
	fs.BoolVar(&t.g.IgnoreUnexportedFields, prefix+"ignore-unexported-fields", false, "leave unexported fields out of the schema")
	fs.BoolVar(&t.g.OmitToolVersion, prefix+"omit-tool-version", false, "leave out the controller-gen version annotation")
}

func (t *crdTool) Generator(c *cli.Common, _ []byte, _ []string) (engine.Generator, error) {
	var err error
	t.g.Header, t.g.OutputDir, err = t.resolve(c)
	if t.maxDescLen >= 0 {
		t.g.MaxDescLen = &t.maxDescLen
	}
	return &t.g, err
}

// rbacTool is controller-gen's rbac generator as a cli.Tool.
type rbacTool struct {
	manifestTool
	g RBACGenerator
}

// NewRBACTool returns the rbac generator's flags and generator.
func NewRBACTool() cli.Tool { return &rbacTool{manifestTool: manifestTool{name: "rbac"}} }

func (t *rbacTool) Flags(fs *pflag.FlagSet, prefix string) {
	t.flags(fs, prefix)
	fs.StringVar(&t.g.RoleName, prefix+"role-name", "manager-role", "name of the ClusterRole, and of Roles without roleName=")
	fs.StringVar(&t.g.FileName, prefix+"file-name", "role.yaml", "name of the file written")
}

func (t *rbacTool) Generator(c *cli.Common, _ []byte, _ []string) (engine.Generator, error) {
	var err error
	t.g.Header, t.g.OutputDir, err = t.resolve(c)
	return &t.g, err
}

// webhookTool is controller-gen's webhook generator as a cli.Tool.
type webhookTool struct {
	manifestTool
	g WebhookGenerator
}

// NewWebhookTool returns the webhook generator's flags and generator.
func NewWebhookTool() cli.Tool { return &webhookTool{manifestTool: manifestTool{name: "webhook"}} }

func (t *webhookTool) Flags(fs *pflag.FlagSet, prefix string) { t.flags(fs, prefix) }

func (t *webhookTool) Generator(c *cli.Common, _ []byte, _ []string) (engine.Generator, error) {
	var err error
	t.g.Header, t.g.OutputDir, err = t.resolve(c)
	return &t.g, err
}
