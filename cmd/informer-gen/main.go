// Command informer-gen generates shared informers for API types with
// +genclient. It takes the flags of k8s.io/code-generator's informer-gen,
// plus --verify-only.
package main

import (
	"errors"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister/genclient"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("informer-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var g informer.Generator
	var outputDir string
	var plurals []string
	fs.StringVar(&outputDir, "output-dir", "", "the directory the informers are written below")
	fs.StringVar(&g.OutputPkg, "output-pkg", "", "the Go import path of --output-dir")
	fs.StringVar(&g.InternalClientset, "internal-clientset-package", "", "the Go import path of the clientset of internal types")
	fs.StringVar(&g.VersionedClientset, "versioned-clientset-package", "", "the Go import path of the clientset of versioned types")
	fs.StringVar(&g.Listers, "listers-package", "", "the Go import path of the listers")
	fs.BoolVar(&g.SingleDirectory, "single-directory", false, "write into --output-dir itself, without the externalversions and internalversion directories")
	fs.StringSliceVar(&plurals, "plural-exceptions", nil, "comma-separated Type:PluralType pairs for plurals the rules get wrong, such as Endpoints:Endpoints")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		switch {
		case outputDir == "":
			return nil, errors.New("--output-dir must be specified")
		case g.OutputPkg == "":
			return nil, errors.New("--output-pkg must be specified")
		case g.VersionedClientset == "":
			return nil, errors.New("--versioned-clientset-package must be specified")
		case g.Listers == "":
			return nil, errors.New("--listers-package must be specified")
		}
		var err error
		if g.PluralExceptions, err = genclient.ParsePluralExceptions(plurals); err != nil {
			return nil, err
		}
		if g.OutputDir, err = common.Abs(outputDir); err != nil {
			return nil, err
		}
		g.Header = header
		return []engine.Generator{&g}, nil
	})
}
