// Command featuregate-gen generates, for API packages that opt in with
// +k8s:featuregate-gen=package, the helpers that clear +featureGate fields
// whose gates are off (DropDisabled<Type>Fields) and name the gates an
// object uses (<Type>FeatureGatesInUse).
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/featuregate"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, featuregate.Spec)
}
