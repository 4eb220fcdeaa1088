// Command conversion-gen generates conversion functions between API
// versions. It takes the flags of k8s.io/code-generator's conversion-gen,
// plus --verify-only.
package main

import (
	"io"
	"os"
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/load"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("conversion-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	g := &conversion.Generator{}
	common.AddOutputFile(fs, "generated.conversion.go")
	fs.StringSliceVar(&g.BasePeerDirs, "base-peer-dirs", slices.Clone(conversion.DefaultBasePeerDirs), "import paths searched for conversions after the markers' peer packages")
	fs.StringSliceVar(&g.ExtraPeerDirs, "extra-peer-dirs", nil, "import paths searched for conversions after --base-peer-dirs")
	fs.BoolVar(&g.SkipUnsafe, "skip-unsafe", false, "never convert with unsafe.Pointer casts")
	fs.StringVar(&g.BuildTag, "build-tag", load.BuildTag, "the build tag that excludes generated files")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		g.OutputFile, g.Header = common.OutputFile, header
		return []engine.Generator{g}, nil
	})
}
