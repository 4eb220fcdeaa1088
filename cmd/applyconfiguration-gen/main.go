// Command applyconfiguration-gen generates apply configurations for API
// types. It takes the flags of k8s.io/code-generator's
// applyconfiguration-gen, plus --verify-only. Without --openapi-schema it
// builds the schema of the Extract functions itself.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/applyconfig"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("applyconfiguration-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var outputDir, outputPkg, schemaFile string
	var inProcess bool
	external := applyconfig.NewExternalFlag()
	fs.StringVar(&outputDir, "output-dir", "", "the directory the apply configurations are written below, one package per group and version")
	fs.StringVar(&outputPkg, "output-pkg", "", "the Go import path of --output-dir")
	fs.Var(external, "external-applyconfigurations",
		"comma-separated <type-package>.<type-name>:<applyconfiguration-package> entries for types whose apply configurations exist elsewhere, "+
			"such as k8s.io/api/apps/v1.Deployment:k8s.io/client-go/applyconfigurations/apps/v1 (meta/v1's are known)")
	fs.StringVar(&schemaFile, "openapi-schema", "", "an OpenAPI v2 document with the definitions of the types, for the Extract functions; without it, the schema is built from the types")
	fs.BoolVar(&inProcess, "schema-from-types", true, "without --openapi-schema, build the schema from the types; false does as upstream does without a schema: no Extract functions")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		switch {
		case outputDir == "":
			return nil, errors.New("--output-dir must be specified")
		case outputPkg == "":
			return nil, errors.New("--output-pkg must be specified")
		}
		dir, err := common.Abs(outputDir)
		if err != nil {
			return nil, err
		}
		g := &applyconfig.Generator{
			OutputDir: dir,
			OutputPkg: outputPkg,
			Header:    header,
			External:  external.Map,
			Schema:    applyconfig.SchemaSource{InProcess: inProcess},
			Dir:       common.Dir,
			Patterns:  fs.Args(),
		}
		if schemaFile != "" {
			if g.Schema.Document, err = applyconfig.ReadSchema(common.Resolve(schemaFile)); err != nil {
				return nil, fmt.Errorf("--openapi-schema: %v", err)
			}
		}
		return []engine.Generator{g}, nil
	})
}
