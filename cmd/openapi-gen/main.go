// Command openapi-gen generates OpenAPI definitions for API types and
// reports API rule violations. It takes the flags of kube-openapi's
// openapi-gen, plus --verify-only and -C.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/generators/openapi"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is two tools over one load: as upstream, the model name files of
// --output-model-name-file, if asked for, come before the definitions.
func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, modelname.Spec, openapi.Spec)
}
