// Command apigen runs every generator in one process over one load.
//
//	apigen generate [flags] patterns...   generate (or --verify-only) for the packages
//	apigen markers                        list every marker the generators read
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/generators/defaulter"
	"github.com/apigen-dev/apigen/generators/prerelease"
	"github.com/apigen-dev/apigen/generators/register"
	"github.com/apigen-dev/apigen/load"
)

const usage = `usage:
  apigen generate [--go-header-file FILE] [--verify-only] [-C DIR] [--generators LIST]
                  [--<generator>-output-file NAME] [--extra-peer-dirs PATHS] PATTERN...
  apigen markers
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "generate":
		return generate(args[1:], stdout, stderr)
	case "markers":
		printMarkers(stdout)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "apigen: unknown command %q\n%s", args[0], usage)
	return 2
}

func generate(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("apigen generate", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	only := fs.StringSlice("generators", nil, "run only these generators (default: all): "+strings.Join(generatorNames, ","))
	deepcopyFile := fs.String("deepcopy-output-file", "zz_generated.deepcopy.go", "file name for DeepCopy methods in each package")
	registerFile := fs.String("register-output-file", "zz_generated.register.go", "file name for scheme registration in each package")
	prereleaseFile := fs.String("prerelease-lifecycle-output-file", "zz_generated.prerelease-lifecycle.go", "file name for APILifecycle methods in each package")
	defaultsFile := fs.String("defaulter-output-file", "zz_generated.defaults.go", "file name for defaulters in each package")
	defaultsPeers := fs.StringSlice("defaulter-extra-peer-dirs", nil, "import paths whose SetDefaults_ functions defaulters also call")
	conv := &conversion.Generator{BuildTag: load.BuildTag}
	fs.StringVar(&conv.OutputFile, "conversion-output-file", "zz_generated.conversion.go", "file name for conversion functions in each package")
	fs.StringSliceVar(&conv.BasePeerDirs, "base-peer-dirs", slices.Clone(conversion.DefaultBasePeerDirs), "import paths searched for conversions after the markers' peer packages")
	fs.StringSliceVar(&conv.ExtraPeerDirs, "extra-peer-dirs", nil, "import paths searched for conversions after --base-peer-dirs")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		conv.Header = header
		all := map[string]engine.Generator{
			"deepcopy":             &deepcopy.Generator{OutputFile: *deepcopyFile, Header: header},
			"defaulter":            &defaulter.Generator{OutputFile: *defaultsFile, Header: header, ExtraPeerDirs: *defaultsPeers},
			"conversion":           conv,
			"register":             &register.Generator{OutputFile: *registerFile, Header: header},
			"prerelease-lifecycle": &prerelease.Generator{OutputFile: *prereleaseFile, Header: header},
		}
		return pick(all, *only)
	})
}

// generatorNames lists the generators apigen runs, in the order it runs them.
var generatorNames = []string{"deepcopy", "defaulter", "conversion", "register", "prerelease-lifecycle"}

// pick returns the generators named in only, or all of them.
func pick(all map[string]engine.Generator, only []string) ([]engine.Generator, error) {
	if len(only) == 0 {
		only = generatorNames
	}
	var gens []engine.Generator
	for _, name := range generatorNames {
		if slices.Contains(only, name) {
			gens = append(gens, all[name])
		}
	}
	for _, name := range only {
		if all[name] == nil {
			return nil, fmt.Errorf("unknown generator %q; known: %s", name, strings.Join(generatorNames, ", "))
		}
	}
	return gens, nil
}

// allGenerators lists one of each generator, for the marker listing.
func allGenerators() []engine.Generator {
	return []engine.Generator{&deepcopy.Generator{}, &defaulter.Generator{}, &conversion.Generator{}, &register.Generator{}, &prerelease.Generator{}}
}

func printMarkers(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, d := range engine.Registry(allGenerators()...).Definitions() {
		fmt.Fprintf(tw, "+%s=%s\t%s\t%s\n", d.Name, d.Value, d.Place, d.Help)
	}
	tw.Flush()
}
