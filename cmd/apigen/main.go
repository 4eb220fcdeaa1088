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
	"text/tabwriter"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/load"
)

const usage = `usage:
  apigen generate [--go-header-file FILE] [--verify-only] [-C DIR] [--deepcopy-output-file NAME]
                  [--conversion-output-file NAME] [--extra-peer-dirs PATHS] PATTERN...
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
	deepcopyFile := fs.String("deepcopy-output-file", "zz_generated.deepcopy.go", "file name for DeepCopy methods in each package")
	conv := &conversion.Generator{BuildTag: load.BuildTag}
	fs.StringVar(&conv.OutputFile, "conversion-output-file", "zz_generated.conversion.go", "file name for conversion functions in each package")
	fs.StringSliceVar(&conv.BasePeerDirs, "base-peer-dirs", slices.Clone(conversion.DefaultBasePeerDirs), "import paths searched for conversions after the markers' peer packages")
	fs.StringSliceVar(&conv.ExtraPeerDirs, "extra-peer-dirs", nil, "import paths searched for conversions after --base-peer-dirs")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		conv.Header = header
		return []engine.Generator{
			&deepcopy.Generator{OutputFile: *deepcopyFile, Header: header},
			conv,
		}, nil
	})
}

// allGenerators lists one of each generator, for the marker listing.
func allGenerators() []engine.Generator {
	return []engine.Generator{&deepcopy.Generator{}, &conversion.Generator{}}
}

func printMarkers(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, d := range engine.Registry(allGenerators()...).Definitions() {
		fmt.Fprintf(tw, "+%s=%s\t%s\t%s\n", d.Name, d.Value, d.Place, d.Help)
	}
	tw.Flush()
}
