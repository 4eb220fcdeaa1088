// Command register-gen generates the registration of API types with a
// runtime.Scheme. It takes the flags of k8s.io/code-generator's
// register-gen, plus --verify-only.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/register"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// lintRules are the names upstream's --lint-rules accepts. apigen checks
// markers on every run, so the flag changes nothing here.
var lintRules = []string{"known-tags-only", "require-explicit-disablement"}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("register-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	outputFile := fs.String("output-file", "generated.register.go", "the name of the file to be generated")
	rules := fs.StringSlice("lint-rules", nil, "accepted for compatibility (known-tags-only, require-explicit-disablement); apigen always checks markers")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		if *outputFile == "" {
			return nil, errors.New("--output-file must not be empty")
		}
		for _, r := range *rules {
			if !slices.Contains(lintRules, r) {
				return nil, fmt.Errorf("unknown rule %q in --lint-rules", r)
			}
		}
		return []engine.Generator{&register.Generator{OutputFile: *outputFile, Header: header}}, nil
	})
}
