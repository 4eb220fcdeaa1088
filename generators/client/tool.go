package client

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is client-gen's command line. Its packages come from --input, not
// from the command's arguments.
type cmdline struct {
	prefix        string
	out           cli.Output
	inputs        []string
	inputBase     string
	included      []string
	clientsetName string
	apiPath       string
	clientsetOnly bool
	fake          bool
	plurals       []string
	applyConfigs  string
	protobuf      bool
	g             *Generator // once made, for its inputs
}

// Spec declares client-gen.
var Spec = &cli.Spec{
	Name:    "client",
	Command: tool,
	Doc:     "a typed clientset, with fakes",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	t.out.Add(fs, prefix, "the directory the clientset goes into, in a directory of its own named by --"+prefix+"clientset-name", "")
	fs.StringSliceVar(&t.inputs, prefix+"input", nil, "group/versions to generate clients for, relative to the input base: [path/]group/version, or group for an internal version; repeat the flag or separate with commas; versions of a group keep this order")
	fs.StringVar(&t.inputBase, prefix+"input-base", "k8s.io/kubernetes/pkg/apis", "import path, or directory, under which the inputs are named")
	fs.StringSliceVar(&t.included, prefix+"included-types-overrides", nil, "group/version/Type: for these group versions, generate clients for exactly these types instead of those marked +genclient")
	fs.StringVarP(&t.clientsetName, prefix+"clientset-name", cli.Shorthand(prefix, "n"), "internalclientset", "name of the clientset's package and directory")
	fs.StringVar(&t.apiPath, prefix+"clientset-api-path", "/apis", "HTTP path of the API groups, starting with / and without trailing /")
	fs.BoolVar(&t.clientsetOnly, prefix+"clientset-only", false, "generate only the clientset, its scheme and fake, not the typed clients")
	fs.BoolVar(&t.fake, prefix+"fake-clientset", true, "also generate fakes for tests")
	cli.PluralExceptions(fs, &t.plurals, prefix)
	fs.StringVar(&t.applyConfigs, prefix+"apply-configuration-package", "", "import path of applyconfiguration-gen's output; when set, clients get Apply methods")
	fs.BoolVar(&t.protobuf, prefix+"prefers-protobuf", false, "clients ask for protobuf rather than JSON")
	old := fs.GetNormalizeFunc()
	fs.SetNormalizeFunc(func(fs *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == prefix+"clientset-path" { // the flag's old name
			name = prefix + "output-pkg"
		}
		return old(fs, name)
	})
}

// Generator makes the generator when told where to write.
func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	dir, err := t.out.AbsDir(c)
	if dir == "" || err != nil {
		return nil, err
	}
	switch {
	case t.clientsetName == "":
		return nil, fmt.Errorf("--%sclientset-name must be specified", t.prefix)
	case t.clientsetName != filepath.Base(t.clientsetName) || t.clientsetName == "..":
		return nil, fmt.Errorf("--%sclientset-name %s: must be a package name, not a path", t.prefix, t.clientsetName)
	case t.apiPath == "":
		return nil, fmt.Errorf("--%sclientset-api-path cannot be empty", t.prefix)
	case len(t.inputs) == 0:
		return nil, fmt.Errorf("--%sinput must name at least one group version", t.prefix)
	}
	inputs, err := ParseInputs(t.inputs, t.inputBase, c.Dir)
	if err != nil {
		return nil, err
	}
	plurals, err := cli.Plurals(t.prefix, t.plurals)
	if err != nil {
		return nil, err
	}
	included, err := t.includedTypes()
	if err != nil {
		return nil, err
	}
	t.g = &Generator{
		Header:              header,
		Inputs:              inputs,
		OutputDir:           dir,
		OutputPkg:           t.out.Pkg,
		ClientsetName:       t.clientsetName,
		APIPath:             t.apiPath,
		ClientsetOnly:       t.clientsetOnly,
		Fake:                t.fake,
		ApplyConfigurations: t.applyConfigs,
		PrefersProtobuf:     t.protobuf,
		PluralExceptions:    plurals,
		IncludedTypes:       included,
	}
	e := t.g.Engine()
	e.Inputs = append([]string{}, Patterns(t.g.Inputs)...) // not nil: the packages come from the flags
	return e, nil
}

// includedTypes reads the type overrides: group/version/Type, or
// group/Type for an internal version.
func (t *cmdline) includedTypes() (map[GroupVersion][]string, error) {
	out := map[GroupVersion][]string{}
	for _, s := range t.included {
		parts := strings.Split(s, "/")
		var gv GroupVersion
		switch len(parts) {
		case 2:
			gv = GroupVersion{Group: parts[0]}
		case 3:
			gv = GroupVersion{Group: parts[0], Version: parts[1]}
		default:
			return nil, fmt.Errorf("--%sincluded-types-overrides: %q is not group/version/Type", t.prefix, s)
		}
		out[gv] = append(out[gv], parts[len(parts)-1])
	}
	return out, nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, DependencyTypes: true}
}
