// Package toolflags holds the flags of client-gen, lister-gen, informer-gen
// and applyconfiguration-gen, so that each tool's command and apigen parse
// them the same way. A prefix names them apart in apigen: with prefix
// "lister-", lister-gen's --output-dir is --lister-output-dir.
package toolflags

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister"
)

// output is the --output-dir and --output-pkg pair every tool here takes.
type output struct {
	prefix string
	dir    string
	pkg    string
}

func (o *output) add(fs *pflag.FlagSet, prefix, dirHelp string) {
	o.prefix = prefix
	fs.StringVar(&o.dir, prefix+"output-dir", "", dirHelp)
	fs.StringVar(&o.pkg, prefix+"output-pkg", "", "the Go import path of --"+prefix+"output-dir")
}

// Asked reports whether the output directory was given: apigen runs the
// tool only then.
func (o *output) Asked() bool { return o.dir != "" }

// required fails for the first empty value, naming its flag.
func (o *output) required(flags ...string) error {
	for i := 0; i+1 < len(flags); i += 2 {
		if flags[i+1] == "" {
			return fmt.Errorf("--%s%s must be specified", o.prefix, flags[i])
		}
	}
	return nil
}

// absDir checks both flags and returns the output directory made absolute.
func (o *output) absDir(c *cli.Common) (string, error) {
	if err := o.required("output-dir", o.dir, "output-pkg", o.pkg); err != nil {
		return "", err
	}
	return c.Abs(o.dir)
}

// pluralExceptions reads Type:PluralType items into a map.
func (o *output) pluralExceptions(items []string) (map[string]string, error) {
	out := make(map[string]string, len(items))
	for _, item := range items {
		singular, plural, ok := strings.Cut(item, ":")
		if !ok || strings.Contains(plural, ":") {
			return nil, fmt.Errorf("invalid --%splural-exceptions item %q: want Type:PluralType, such as Endpoints:Endpoints", o.prefix, item)
		}
		out[singular] = plural
	}
	return out, nil
}

func addPlurals(fs *pflag.FlagSet, p *[]string, prefix string) {
	fs.StringSliceVar(p, prefix+"plural-exceptions", nil, "comma-separated Type:PluralType pairs for plurals the rules get wrong, such as Endpoints:Endpoints")
}

// Lister is lister-gen's flags.
type Lister struct {
	output
	plurals []string
}

func (f *Lister) Add(fs *pflag.FlagSet, prefix string) {
	f.add(fs, prefix, "the directory the listers are written below, one package per group and version")
	addPlurals(fs, &f.plurals, prefix)
}

// Generator checks the flags and makes the generator.
func (f *Lister) Generator(c *cli.Common, header []byte) (*lister.Generator, error) {
	dir, err := f.absDir(c)
	if err != nil {
		return nil, err
	}
	plurals, err := f.pluralExceptions(f.plurals)
	if err != nil {
		return nil, err
	}
	return &lister.Generator{OutputDir: dir, OutputPkg: f.pkg, PluralExceptions: plurals, Header: header}, nil
}

// Informer is informer-gen's flags.
type Informer struct {
	output
	g       informer.Generator
	plurals []string
}

func (f *Informer) Add(fs *pflag.FlagSet, prefix string) {
	f.add(fs, prefix, "the directory the informers are written below")
	fs.StringVar(&f.g.InternalClientset, prefix+"internal-clientset-package", "", "the Go import path of the clientset of internal types")
	fs.StringVar(&f.g.VersionedClientset, prefix+"versioned-clientset-package", "", "the Go import path of the clientset of versioned types")
	fs.StringVar(&f.g.Listers, prefix+"listers-package", "", "the Go import path of the listers")
	fs.BoolVar(&f.g.SingleDirectory, prefix+"single-directory", false, "write into the output directory itself, without the externalversions and internalversion directories")
	addPlurals(fs, &f.plurals, prefix)
}

// Generator checks the flags and makes the generator.
func (f *Informer) Generator(c *cli.Common, header []byte) (*informer.Generator, error) {
	dir, err := f.absDir(c)
	if err != nil {
		return nil, err
	}
	if err := f.required("versioned-clientset-package", f.g.VersionedClientset, "listers-package", f.g.Listers); err != nil {
		return nil, err
	}
	g := f.g
	if g.PluralExceptions, err = f.pluralExceptions(f.plurals); err != nil {
		return nil, err
	}
	g.OutputDir, g.OutputPkg, g.Header = dir, f.pkg, header
	return &g, nil
}

// ApplyConfig is applyconfiguration-gen's flags.
type ApplyConfig struct {
	output
	external   *applyconfig.ExternalFlag
	schemaFile string
	fromTypes  bool
}

func (f *ApplyConfig) Add(fs *pflag.FlagSet, prefix string) {
	f.add(fs, prefix, "the directory the apply configurations are written below, one package per group and version")
	f.external = applyconfig.NewExternalFlag()
	fs.Var(f.external, prefix+"external-applyconfigurations",
		"comma-separated <type-package>.<type-name>:<applyconfiguration-package> entries for types whose apply configurations exist elsewhere, "+
			"such as k8s.io/api/apps/v1.Deployment:k8s.io/client-go/applyconfigurations/apps/v1 (meta/v1's are known)")
	fs.StringVar(&f.schemaFile, prefix+"openapi-schema", "", "an OpenAPI v2 document with the definitions of the types, for the Extract functions; without it, the schema is built from the types")
	fs.BoolVar(&f.fromTypes, prefix+"schema-from-types", true, "without an OpenAPI schema file, build the schema from the types; false does as upstream does without a schema: no Extract functions")
}

// Generator checks the flags, reads the schema file if one is named, and
// makes the generator for the packages patterns name.
func (f *ApplyConfig) Generator(c *cli.Common, header []byte, patterns []string) (*applyconfig.Generator, error) {
	dir, err := f.absDir(c)
	if err != nil {
		return nil, err
	}
	g := &applyconfig.Generator{
		OutputDir: dir,
		OutputPkg: f.pkg,
		Header:    header,
		External:  f.external.Map,
		Schema:    applyconfig.SchemaSource{InProcess: f.fromTypes},
		Dir:       c.Dir,
		Patterns:  patterns,
	}
	if f.schemaFile != "" {
		if g.Schema.Document, err = applyconfig.ReadSchema(c.Resolve(f.schemaFile)); err != nil {
			return nil, fmt.Errorf("--%sopenapi-schema: %v", f.prefix, err)
		}
	}
	return g, nil
}

// Client is client-gen's flags.
type Client struct {
	output
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
}

func (f *Client) Add(fs *pflag.FlagSet, prefix string) {
	f.add(fs, prefix, "the directory the clientset goes into, in a directory of its own named by --"+prefix+"clientset-name")
	fs.StringSliceVar(&f.inputs, prefix+"input", nil, "group/versions to generate clients for, relative to the input base: [path/]group/version, or group for an internal version; repeat the flag or separate with commas; versions of a group keep this order")
	fs.StringVar(&f.inputBase, prefix+"input-base", "k8s.io/kubernetes/pkg/apis", "import path, or directory, under which the inputs are named")
	fs.StringSliceVar(&f.included, prefix+"included-types-overrides", nil, "group/version/Type: for these group versions, generate clients for exactly these types instead of those marked +genclient")
	name := prefix + "clientset-name"
	if prefix == "" {
		fs.StringVarP(&f.clientsetName, name, "n", "internalclientset", "name of the clientset's package and directory")
	} else {
		fs.StringVar(&f.clientsetName, name, "internalclientset", "name of the clientset's package and directory")
	}
	fs.StringVar(&f.apiPath, prefix+"clientset-api-path", "/apis", "HTTP path of the API groups, starting with / and without trailing /")
	fs.BoolVar(&f.clientsetOnly, prefix+"clientset-only", false, "generate only the clientset, its scheme and fake, not the typed clients")
	fs.BoolVar(&f.fake, prefix+"fake-clientset", true, "also generate fakes for tests")
	addPlurals(fs, &f.plurals, prefix)
	fs.StringVar(&f.applyConfigs, prefix+"apply-configuration-package", "", "import path of applyconfiguration-gen's output; when set, clients get Apply methods")
	fs.BoolVar(&f.protobuf, prefix+"prefers-protobuf", false, "clients ask for protobuf rather than JSON")
	old := fs.GetNormalizeFunc()
	fs.SetNormalizeFunc(func(fs *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == prefix+"clientset-path" { // the flag's old name
			name = prefix + "output-pkg"
		}
		return old(fs, name)
	})
}

// Generator checks the flags and makes the generator. Its packages are
// client.Patterns(g.Inputs).
func (f *Client) Generator(c *cli.Common, header []byte) (*client.Generator, error) {
	dir, err := f.absDir(c)
	if err != nil {
		return nil, err
	}
	switch {
	case f.clientsetName == "":
		return nil, fmt.Errorf("--%sclientset-name must be specified", f.prefix)
	case f.apiPath == "":
		return nil, fmt.Errorf("--%sclientset-api-path cannot be empty", f.prefix)
	case len(f.inputs) == 0:
		return nil, fmt.Errorf("--%sinput must name at least one group version", f.prefix)
	}
	inputs, err := client.ParseInputs(f.inputs, f.inputBase, c.Dir)
	if err != nil {
		return nil, err
	}
	plurals, err := f.pluralExceptions(f.plurals)
	if err != nil {
		return nil, err
	}
	included, err := f.includedTypes()
	if err != nil {
		return nil, err
	}
	return &client.Generator{
		Header:              header,
		Inputs:              inputs,
		OutputDir:           dir,
		OutputPkg:           f.pkg,
		ClientsetName:       f.clientsetName,
		APIPath:             f.apiPath,
		ClientsetOnly:       f.clientsetOnly,
		Fake:                f.fake,
		ApplyConfigurations: f.applyConfigs,
		PrefersProtobuf:     f.protobuf,
		PluralExceptions:    plurals,
		IncludedTypes:       included,
	}, nil
}

// includedTypes reads the type overrides: group/version/Type, or
// group/Type for an internal version.
func (f *Client) includedTypes() (map[client.GroupVersion][]string, error) {
	out := map[client.GroupVersion][]string{}
	for _, s := range f.included {
		parts := strings.Split(s, "/")
		var gv client.GroupVersion
		switch len(parts) {
		case 2:
			gv = client.GroupVersion{Group: parts[0]}
		case 3:
			gv = client.GroupVersion{Group: parts[0], Version: parts[1]}
		default:
			return nil, fmt.Errorf("--%sincluded-types-overrides: %q is not group/version/Type", f.prefix, s)
		}
		out[gv] = append(out[gv], parts[len(parts)-1])
	}
	return out, nil
}
