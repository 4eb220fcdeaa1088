// Command defaulter-gen generates the functions that default API objects.
// It takes the flags of k8s.io/code-generator's defaulter-gen, plus
// --verify-only.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/defaulter"
	"github.com/apigen-dev/apigen/load"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("defaulter-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	g := &defaulter.Generator{}
	common.AddOutputFile(fs, "generated.defaults.go")
	fs.StringSliceVar(&g.ExtraPeerDirs, "extra-peer-dirs", nil, "import paths whose SetDefaults_ functions are also called, after the packages' own")
	fs.StringVar(&g.BuildTag, "build-tag", load.BuildTag, "the build tag that excludes generated files (only "+load.BuildTag+" is supported)")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		if g.BuildTag != load.BuildTag {
			// Packages are always loaded with load.BuildTag; files generated
			// under another tag would be read back as hand-written code.
			return nil, fmt.Errorf("--build-tag %s is not supported: generated files must carry %s", g.BuildTag, load.BuildTag)
		}
		g.OutputFile, g.Header = common.OutputFile, header
		return []engine.Generator{g}, nil
	})
}
