// Command register-gen generates the registration of API types with a
// runtime.Scheme. It takes the flags of k8s.io/code-generator's
// register-gen, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/register"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("register-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	common.AddOutputFile(fs, "generated.register.go")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		return []engine.Generator{&register.Generator{OutputFile: common.OutputFile, Header: header}}, nil
	})
}
