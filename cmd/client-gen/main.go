// Command client-gen generates typed clientsets for API types marked
// +genclient. It takes the flags of k8s.io/code-generator's client-gen,
// plus --verify-only.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/client"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// flags are client-gen's own flags.
type flags struct {
	inputs        []string
	inputBase     string
	included      []string
	outputDir     string
	outputPkg     string
	clientsetName string
	apiPath       string
	clientsetOnly bool
	fake          bool
	plural        []string
	applyConfigs  string
	protobuf      bool
}

func (f *flags) add(fs *pflag.FlagSet) {
	fs.StringSliceVar(&f.inputs, "input", nil, "group/versions to generate clients for, relative to --input-base: [path/]group/version, or group for an internal version; repeat the flag or separate with commas; versions of a group keep this order")
	fs.StringVar(&f.inputBase, "input-base", "k8s.io/kubernetes/pkg/apis", "import path, or directory, under which --input names packages")
	fs.StringSliceVar(&f.included, "included-types-overrides", nil, "group/version/Type: for these group versions, generate clients for exactly these types instead of those marked +genclient")
	fs.StringVar(&f.outputDir, "output-dir", "", "directory to write the clientset's directory into")
	fs.StringVar(&f.outputPkg, "output-pkg", "", "import path of --output-dir")
	fs.StringVarP(&f.clientsetName, "clientset-name", "n", "internalclientset", "name of the clientset's package and directory")
	fs.StringVar(&f.apiPath, "clientset-api-path", "/apis", "HTTP path of the API groups, starting with / and without trailing /")
	fs.BoolVar(&f.clientsetOnly, "clientset-only", false, "generate only the clientset, its scheme and fake, not the typed clients")
	fs.BoolVar(&f.fake, "fake-clientset", true, "also generate fakes for tests")
	fs.StringSliceVar(&f.plural, "plural-exceptions", nil, "Type:Plural pairs for types whose plural is not regular, e.g. Endpoints:Endpoints")
	fs.StringVar(&f.applyConfigs, "apply-configuration-package", "", "import path of applyconfiguration-gen's output; when set, clients get Apply methods")
	fs.BoolVar(&f.protobuf, "prefers-protobuf", false, "clients ask for protobuf rather than JSON")
	old := fs.GetNormalizeFunc()
	fs.SetNormalizeFunc(func(fs *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == "clientset-path" { // the flag's old name
			name = "output-pkg"
		}
		return old(fs, name)
	})
}

func (f *flags) check() error {
	switch {
	case f.outputDir == "":
		return fmt.Errorf("--output-dir must be specified")
	case f.outputPkg == "":
		return fmt.Errorf("--output-pkg must be specified")
	case f.clientsetName == "":
		return fmt.Errorf("--clientset-name must be specified")
	case f.apiPath == "":
		return fmt.Errorf("--clientset-api-path cannot be empty")
	case len(f.inputs) == 0:
		return fmt.Errorf("--input must name at least one group version")
	}
	return nil
}

func (f *flags) pluralExceptions() (map[string]string, error) {
	out := map[string]string{}
	for _, e := range f.plural {
		singular, plural, ok := strings.Cut(e, ":")
		if !ok || strings.Contains(plural, ":") {
			return nil, fmt.Errorf("--plural-exceptions: %q is not Type:Plural", e)
		}
		out[singular] = plural
	}
	return out, nil
}

// includedTypes reads --included-types-overrides: group/version/Type, or
// group/Type for an internal version.
func (f *flags) includedTypes() (map[client.GroupVersion][]string, error) {
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
			return nil, fmt.Errorf("--included-types-overrides: %q is not group/version/Type", s)
		}
		name := parts[len(parts)-1]
		out[gv] = append(out[gv], name)
	}
	return out, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("client-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var f flags
	f.add(fs)
	var gen *client.Generator
	gens, code, ok := cli.Parse(fs, args, &common, stderr, func(header []byte) ([]engine.Generator, error) {
		var err error
		if gen, err = f.generator(&common); err != nil {
			return nil, err
		}
		gen.Header = header
		return []engine.Generator{gen}, nil
	})
	if !ok {
		return code
	}
	// client-gen names its packages with --input-base and --input, not
	// with arguments.
	opts := common.Options(fs, stdout, stderr)
	opts.Patterns = client.Patterns(gen.Inputs)
	return engine.Run(opts, gens...)
}

// generator checks the flags and turns them into the generator.
func (f *flags) generator(common *cli.Common) (*client.Generator, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	inputs, err := client.ParseInputs(f.inputs, f.inputBase, common.Dir)
	if err != nil {
		return nil, err
	}
	plural, err := f.pluralExceptions()
	if err != nil {
		return nil, err
	}
	included, err := f.includedTypes()
	if err != nil {
		return nil, err
	}
	out, err := common.Abs(f.outputDir)
	if err != nil {
		return nil, err
	}
	return &client.Generator{
		Inputs:              inputs,
		OutputDir:           out,
		OutputPkg:           f.outputPkg,
		ClientsetName:       f.clientsetName,
		APIPath:             f.apiPath,
		ClientsetOnly:       f.clientsetOnly,
		Fake:                f.fake,
		ApplyConfigurations: f.applyConfigs,
		PrefersProtobuf:     f.protobuf,
		PluralExceptions:    plural,
		IncludedTypes:       included,
	}, nil
}
